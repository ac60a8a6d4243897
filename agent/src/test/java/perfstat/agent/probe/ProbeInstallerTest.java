package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.agent.ByteBuddyAgent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import perfstat.testapp.Target;

/**
 * Probes installed in this JVM on an already loaded class (retransformation), as the
 * Agrona agent's tests do: counts are exact on every thread, results and exceptions of
 * the host code are unchanged, and uninstalling restores the class.
 */
class ProbeInstallerTest {
    private static Instrumentation inst;
    private static ProbeInstaller installer;

    @BeforeAll
    static void install() {
        new Target().add(0); // loaded before the probes: they go in by retransformation
        inst = ByteBuddyAgent.install();
        Probes.configureSampling(8);
        installer = new ProbeInstaller(List.of(ProbeFilter.parse("perfstat.testapp.Target::add"),
                ProbeFilter.parse("::throwIfPositive"), ProbeFilter.parse("perfstat.testapp.Target::twice")));
        installer.install(inst);
    }

    @AfterAll
    static void uninstall() {
        installer.uninstall(inst);
    }

    private static long calls(String name) {
        return Probes.snapshot().stream().filter(s -> s.name().equals(name)).mapToLong(Probes.Summary::calls)
                .findFirst().orElse(-1);
    }

    @Test
    void countsEveryCallOnEveryThreadAndKeepsResults() throws Exception {
        assertThat(installer.instrumentedMethods()).isEqualTo(3);
        long before = calls("perfstat.testapp.Target::add");
        int threads = 4;
        int perThread = 250_000;
        List<Thread> ts = new ArrayList<>();
        long[] sums = new long[threads];
        for (int i = 0; i < threads; i++) {
            int me = i;
            Thread t = new Thread(() -> {
                Target target = new Target();
                long s = 0;
                for (int k = 0; k < perThread; k++) {
                    s = target.add(k);
                }
                sums[me] = s;
            });
            ts.add(t);
            t.start();
        }
        for (Thread t : ts) {
            t.join();
        }
        for (long s : sums) {
            assertThat(s).isEqualTo((long) perThread * (perThread - 1) / 2);
        }
        assertThat(calls("perfstat.testapp.Target::add") - before).isEqualTo((long) threads * perThread);
        Probes.Summary add = Probes.snapshot().stream().filter(s -> s.name().endsWith("::add")).findFirst().orElseThrow();
        assertThat(add.latencyNs().getTotalCount()).isBetween(threads * perThread / 16L, threads * perThread / 4L);
    }

    @Test
    void hostExceptionsPassThroughUnchangedAndAreCounted() {
        long before = calls("perfstat.testapp.Target::throwIfPositive");
        Target t = new Target();
        assertThatThrownBy(() -> t.throwIfPositive(3)).isInstanceOf(IllegalStateException.class).hasMessage("host exception 3");
        assertThat(t.throwIfPositive(-4)).isEqualTo(4);
        assertThat(calls("perfstat.testapp.Target::throwIfPositive") - before).isEqualTo(2);
        assertThat(Target.twice(21)).isEqualTo(42);
        assertThat(Probes.failures()).isZero();
    }
}
