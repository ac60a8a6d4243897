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
        assertThat(o.timing()).isEqualTo(perfstat.format.Timing.EXACT);
        assertThat(o.sample()).isEqualTo(64);
    }

    @Test
    void aSignaturesCommasStayInItsPattern() throws Exception {
        AgentOptions o = AgentOptions.parse("out=x(1.jfr,probes=a.B::c(String,int[]);d.E::f(a.G$H, long),timing=exact");
        assertThat(o.probes()).containsExactly("a.B::c(String,int[])", "d.E::f(a.G$H, long)");
        assertThat(o.timing()).isEqualTo(perfstat.format.Timing.EXACT);
        assertThat(AgentOptions.parse(o.format())).isEqualTo(o);
        assertThatThrownBy(() -> AgentOptions.parse("probes=a.B::c(String,in t)"))
                .hasMessage("option 'probes': bad parameter type 'in t' in 'a.B::c(String,in t)'");
        assertThatThrownBy(() -> AgentOptions.parse("probes=a.B::c(String,timing=exact"))
                .hasMessageContaining("not closed");
    }

    @Test
    void aLateWindowOpensAfterADelayOrAtAMethod() throws Exception {
        AgentOptions d = AgentOptions.parse("delay=2s");
        assertThat(d.delayMs()).isEqualTo(2000);
        assertThat(d.lateWindow()).isTrue();
        assertThat(d.describeForRecording()).contains("delay=2000ms");
        AgentOptions f = AgentOptions.parse("from=a.B::c(String,int),timing=exact");
        assertThat(f.from()).isEqualTo("a.B::c(String,int)"); // a signature's comma stays in it
        assertThat(f.timing()).isEqualTo(perfstat.format.Timing.EXACT);
        assertThat(AgentOptions.parse(f.format())).isEqualTo(f);
        assertThat(AgentOptions.parse(null).lateWindow()).isFalse();
        assertThat(AgentOptions.parse(null).describeForRecording()).doesNotContain("delay").doesNotContain("from");
    }

    @Test
    void aLateWindowsMethodIsOneMethodOfOneClass() {
        for (String notOne : new String[] {"a.B", "::run", "@a.Timed", "a.B::<clinit>", "a.B::c;d.E::f"}) {
            assertThatThrownBy(() -> AgentOptions.parse("from=" + notOne)).as(notOne)
                    .hasMessageStartingWith("option 'from' must name one method as pkg.Class::method").hasMessageNotContaining("\n");
        }
        assertThatThrownBy(() -> AgentOptions.parse("from=a.B::c(Str ing)")).hasMessage("option 'from': bad parameter type"
                + " 'Str ing' in 'a.B::c(Str ing)'");
        assertThatThrownBy(() -> AgentOptions.parse("delay=soon")).hasMessage("option 'delay' must be a duration like 10us or"
                + " 2ms, not 'soon'");
    }

    @Test
    void defaults() throws Exception {
        AgentOptions o = AgentOptions.parse(null);
        assertThat(o.out()).isEqualTo("perfstat.jfr");
        assertThat(o.timing()).isEqualTo(perfstat.format.Timing.SAMPLED);
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

    @Test
    void anOptionIsSetAndReadByItsDeclaration() throws Exception {
        AgentOptions o = AgentOptions.builder().set(AgentOptions.CONTENTION, 2_000_000L).build();
        assertThat(o.get(AgentOptions.CONTENTION)).isEqualTo(o.contentionNs()).isEqualTo(2_000_000L);
        assertThat(o.format()).isEqualTo("contention=2000000ns");
        assertThat(AgentOptions.parse("probeset=a,probes=x.Y,probeset=b,probes=z.W::q").format())
                .isEqualTo("probes=x.Y;z.W::q,probeset=a,probeset=b");
        assertThatThrownBy(() -> AgentOptions.parse("bogus=1")).hasMessageStartingWith("unknown option 'bogus' (known: out, "
                + "probes, probeset, timing, sample, events, interval, interval-log, contention, samples, jfr-settings, perf-ctl, perf-ack, duration, attached, parent");
        assertThatThrownBy(() -> AgentOptions.builder().durationMs(-1).build()).hasMessage("option 'duration' cannot be negative");
        assertThatThrownBy(() -> AgentOptions.parse("parent=-5")).hasMessage("option 'parent' cannot be negative");
        // what the agent could not read back is refused where it is made
        assertThatThrownBy(() -> AgentOptions.builder().contentionNs(1_000_000_000_000L).build())
                .hasMessage("option 'contention' must be at most 999999999999ns");
    }

    @Test
    void theRecordedOptionsSpellOutTheDefaultsAndTheSampleOnlyWhereItIsUsed() throws Exception {
        assertThat(AgentOptions.parse("timing=exact,events=cs,contention=1ms").describeForRecording())
                .isEqualTo("timing=exact,events=cs,interval=1000,contention=1000000ns,samples=true,jit-wait=0");
        assertThat(AgentOptions.parse("probes=a.B,probeset=s,sample=8,events=none,out=x.jfr,parent=3,duration=1s")
                .describeForRecording()).isEqualTo("probes=a.B,probeset=s,timing=sampled,sample=8,events=none,interval=1000,contention=10000ns,samples=true");
    }
}
