package perfstat.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AgentOptionsTest {

    @Test
    void parsesEveryOption() throws Exception {
        AgentOptions o = AgentOptions.parse("out=x.jfr,probes=a.B::c;::d;e.F,probeset=writepath,timing=exact,sample=64");
        assertThat(o.out()).isEqualTo("x.jfr");
        assertThat(o.probes()).containsExactly("a.B::c", "::d", "e.F");
        assertThat(o.probeSets()).containsExactly("writepath");
        assertThat(o.timing()).isEqualTo(AgentOptions.Timing.EXACT);
        assertThat(o.sample()).isEqualTo(64);
    }

    @Test
    void defaults() throws Exception {
        AgentOptions o = AgentOptions.parse(null);
        assertThat(o.out()).isEqualTo("perfstat.jfr");
        assertThat(o.timing()).isEqualTo(AgentOptions.Timing.SAMPLED);
        assertThat(o.sample()).isEqualTo(AgentOptions.DEFAULT_SAMPLE);
    }

    @Test
    void badOptionsNameThemselvesInOneLine() {
        assertThatThrownBy(() -> AgentOptions.parse("bogus=1")).hasMessageContaining("'bogus'").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> AgentOptions.parse("timing=fast")).hasMessageContaining("timing");
        assertThatThrownBy(() -> AgentOptions.parse("sample=0")).hasMessageContaining("sample");
        assertThatThrownBy(() -> AgentOptions.parse("probes=a..b::c")).hasMessageContaining("probes");
        assertThatThrownBy(() -> AgentOptions.parse("justaword")).hasMessageContaining("justaword");
    }

    @Test
    void counterOptions() throws Exception {
        AgentOptions o = AgentOptions.parse("events=task-clock;cycles:u,interval=250,interval-log=/tmp/l,perf-ctl=/tmp/f");
        assertThat(o.events()).extracting(perfstat.agent.counters.EventSpec::name).containsExactly("task-clock", "cycles:u");
        assertThat(o.intervalMs()).isEqualTo(250);
        assertThat(o.describeForRecording()).contains("events=task-clock;cycles:u").contains("interval=250")
                .doesNotContain("/tmp");
        assertThat(AgentOptions.parse("events=none").events()).isEmpty();
        assertThat(AgentOptions.parse(null).events()).hasSize(8);
        assertThatThrownBy(() -> AgentOptions.parse("events=cycels")).hasMessage("option 'events': unknown event 'cycels' "
                + "(perf's names, e.g. task-clock, cycles, page-faults, or a raw rNNNN)");
        assertThatThrownBy(() -> AgentOptions.parse("interval=5"))
                .hasMessage("option 'interval' must be a number of milliseconds, 10 or more, not '5'");
        assertThatThrownBy(() -> AgentOptions.parse("sample=x")).hasMessage("option 'sample' must be a positive integer, not 'x'");
        assertThat(AgentOptions.parse(null).contentionNs()).isEqualTo(10_000);
        assertThat(AgentOptions.parse("contention=2ms").contentionNs()).isEqualTo(2_000_000);
        assertThat(AgentOptions.parse("contention=500ns").describeForRecording()).contains("contention=500ns");
        assertThatThrownBy(() -> AgentOptions.parse("contention=soon"))
                .hasMessage("option 'contention' must be a duration like 10us or 2ms, not 'soon'");
    }

    @Test
    void theRecordedOptionsLeaveOutTheOutputPath() throws Exception {
        String recorded = AgentOptions.parse("out=/somewhere/secret/x.jfr,probes=a.B::c").describeForRecording();
        assertThat(recorded).doesNotContain("secret").contains("probes=a.B::c").contains("timing=sampled");
    }
}
