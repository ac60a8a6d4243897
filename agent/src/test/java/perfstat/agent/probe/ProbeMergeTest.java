package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.instrument.Instrumentation;
import java.util.List;
import net.bytebuddy.agent.ByteBuddyAgent;
import org.junit.jupiter.api.Test;
import perfstat.testapp.Merged;

/** With probes-merge, the overloads that one pattern matches are one probe, named without parameter types. */
class ProbeMergeTest {

    @Test
    void overloadsOfOnePatternCountAsOneProbe() {
        Instrumentation inst = ByteBuddyAgent.install();
        ProbeInstaller installer = new ProbeInstaller(List.of(ProbeFilter.parse("perfstat.testapp.Merged::m")))
                .mergeOverloads(true);
        installer.install(inst);
        try {
            assertThat(Merged.m(41)).isEqualTo(42);
            assertThat(Merged.m("abc")).isEqualTo(3);
            assertThat(Merged.m(1)).isEqualTo(2);
            List<Probes.Summary> merged = Probes.snapshot().stream().filter(s -> s.name().startsWith("perfstat.testapp.Merged::"))
                    .toList();
            assertThat(merged).extracting(Probes.Summary::name).containsExactly("perfstat.testapp.Merged::m");
            assertThat(merged.get(0).calls()).isEqualTo(3);
            assertThat(installer.matchesByPattern()).containsEntry("perfstat.testapp.Merged::m", 2L);
        } finally {
            installer.uninstall(inst);
        }
    }

    /** Merged, a signature that matches one overload still names it: its row is that overload's, not every one's. */
    @Test
    void aMergedSignatureOfOneOverloadKeepsItsTypes() {
        Instrumentation inst = ByteBuddyAgent.install();
        ProbeInstaller installer = new ProbeInstaller(List.of(ProbeFilter.parse("perfstat.testapp.MergedSignature::m(String)")))
                .mergeOverloads(true);
        installer.install(inst);
        try {
            assertThat(perfstat.testapp.MergedSignature.m("abc")).isEqualTo(3);
            assertThat(perfstat.testapp.MergedSignature.m(1)).isEqualTo(2);
            assertThat(Probes.snapshot().stream().filter(s -> s.name().startsWith("perfstat.testapp.MergedSignature::"))
                    .map(Probes.Summary::name).toList()).containsExactly("perfstat.testapp.MergedSignature::m(String)");
        } finally {
            installer.uninstall(inst);
        }
    }
}
