package perfstat.cli.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.profile.ProfilerException;
import perfstat.agent.counters.EventSpec;

/** {@code -prof "perfstat:..."} lines as JMH hands them to the profiler, parsed by JMH's own option parsing. */
class ProfilerOptionsTest {
    @TempDir
    Path tmp;

    private static String failure(String line) {
        try {
            ProfilerOptions.parse(line);
        } catch (ProfilerException e) {
            return e.getMessage();
        }
        throw new AssertionError("'" + line + "' parsed");
    }

    @Test
    void noOptionsGiveTheDefaults() throws Exception {
        for (String line : new String[] {"", " ; ", null}) {
            ProfilerOptions o = ProfilerOptions.parse(line);
            assertThat(o.dir()).isEqualTo(Path.of("perfstat-jmh"));
            assertThat(o.agent().events()).extracting(EventSpec::name)
                    .containsExactly("task-clock", "context-switches", "cpu-migrations", "page-faults");
            assertThat(o.agent().probes()).isEmpty();
            assertThat(o.agent().probeSets()).isEmpty();
        }
    }

    @Test
    void optionsSeparatedBySemicolonsAndValuesByCommas() throws Exception {
        ProfilerOptions o = ProfilerOptions.parse(
                " events=task-clock,page-faults ;probes=com.example.Foo::bar,com.example.Baz;dir=../results;probeset=writepath,rwsem;");
        assertThat(o.agent().events()).extracting(EventSpec::name).containsExactly("task-clock", "page-faults");
        assertThat(o.agent().probes()).containsExactly("com.example.Foo::bar", "com.example.Baz");
        assertThat(o.agent().probeSets()).containsExactly("writepath", "rwsem");
        assertThat(o.dir()).isEqualTo(Path.of("../results"));
        // the agent's options carry no file of their own: the host names one per fork
        assertThat(o.agent().toBuilder().out("f.jfr").buildOrThrow().format()).contains("f.jfr").contains("com.example.Foo::bar");
    }

    @Test
    void anUnknownKeyIsOneLineNamingTheKnownOnes() {
        assertThat(failure("probes=a.B::c;foo=1")).isEqualTo("perfstat: unknown option 'foo' (events, probes, probeset, dir, help)");
        // no abbreviations: 'probe' is neither probes nor probeset
        assertThat(failure("probe=a.B")).startsWith("perfstat: unknown option 'probe' ");
        assertThat(failure("Dir=x")).startsWith("perfstat: unknown option 'Dir' ");
    }

    @Test
    void aBadValueIsOneLineNamingTheOption() {
        assertThat(failure("probes=a..b::")).startsWith("perfstat: option 'probes'").doesNotContain("\n");
        assertThat(failure("probeset=nosuch")).startsWith("perfstat: unknown probe set 'nosuch'").contains("writepath")
                .doesNotContain("\n");
        assertThat(failure("events=nosuch-event")).startsWith("perfstat: ").contains("nosuch-event").doesNotContain("\n");
        assertThat(failure("dir=")).isEqualTo("perfstat: option 'dir' needs a directory");
        // a key without its value would otherwise take the next option as its value
        assertThat(failure("dir;probes=a.B::c")).isEqualTo("perfstat: option 'dir' needs a value (dir=...)");
    }

    @Test
    void helpListsEveryOptionAsTheDocsWriteIt() {
        String help = failure("help");
        assertThat(help).startsWith("perfstat's JMH profiler: -prof \"perfstat:KEY=VALUE;KEY=VALUE,VALUE\"");
        assertThat(help.lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(100));
        assertThat(help.replaceAll("\\s+", " ")).contains("events=EVENT,...")
                .contains("(default task-clock,context-switches,cpu-migrations,page-faults)")
                .contains("probes=PATTERN,...").contains("probeset=NAME,...")
                .contains("dir=DIR").contains("(default perfstat-jmh)");
        assertThat(help.lines().filter(l -> l.matches("  \\S.*")).map(l -> l.trim().split("[= ]")[0]))
                .containsExactly("events", "probes", "probeset", "dir", "help");
        assertThat(failure("dir=x;help")).isEqualTo(help);
    }

    @Test
    void theProfilerStopsOnABadLineAndOnADirectoryThatHoldsAnEarlierRun() throws Exception {
        assertThatThrownBy(() -> new PerfstatProfiler("foo=1")).isInstanceOf(ProfilerException.class)
                .hasMessageStartingWith("perfstat: unknown option 'foo'");
        Path run = Files.createDirectories(tmp.resolve("earlier"));
        Files.writeString(run.resolve("b.Bench.run-fork1.jfr"), "");
        // JMH's service lookup makes every profiler it finds, for -lprof and to find one by name: that one checks nothing
        // (nor uses up the check of the profiler the run then makes)
        assertThat(new PerfstatProfiler("dir=" + run, false).getDescription()).startsWith("perfstat: ");
        assertThatThrownBy(() -> new PerfstatProfiler("dir=" + run)).isInstanceOf(ProfilerException.class)
                .hasMessageContaining("already holds recordings of an earlier run");
        // an empty directory, or none, is the run's own
        new PerfstatProfiler("dir=" + Files.createDirectories(tmp.resolve("empty")));
        new PerfstatProfiler("dir=" + tmp.resolve("none"));
        assertThat(new PerfstatProfiler("").getDescription()).startsWith("perfstat: perf's counters");
    }
}
