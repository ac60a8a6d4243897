package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code perfstat stat -- java …} end to end, against perfstat.jar. */
class StatIT {
    @TempDir
    Path dir;

    private static String classes() throws Exception {
        return Path.of(perfstat.itapp.CounterWorkload.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
    }

    private Processes.Result stat(String java, String... args) throws Exception {
        List<String> a = new ArrayList<>(List.of("stat"));
        a.addAll(List.of(args));
        a.addAll(List.of("--", java, "-cp", classes(), "perfstat.itapp.CounterWorkload", "300"));
        return Processes.perfstat(dir, a.toArray(String[]::new));
    }

    @Test
    void printsPerfsTableWithPlusMinusOverRepeatedRuns() throws Exception {
        Processes.Result r = stat(Processes.java(), "-r", "2");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).as("the command's own output, untouched").isEqualTo("done\ndone\n");
        String e = r.err();
        assertThat(e).contains(" Performance counter stats for '" + Processes.java() + " -cp ")
                .contains("' (2 runs):");
        assertThat(e).containsPattern("\\n +[0-9]+\\.[0-9]{2} msec task-clock +# +[0-9.]+ CPUs utilized +\\( \\+- +[0-9.]+% \\)");
        assertThat(e).containsPattern("\\n +[0-9]+ +page-faults +# +[0-9.]+ [KM]?/sec");
        assertThat(e).containsPattern("\\n +[0-9.]+ \\+- [0-9.]+ seconds time elapsed  \\( \\+- +[0-9.]+% \\)");
        // no PMU here: perf_event_open answers ENOENT for cycles, and perfstat prints what perf prints
        assertThat(e).containsPattern("\\n +(<not supported>|[0-9]+) +cycles");
        assertThat(e).contains("# counters from perf_event_open");
        assertThat(e).contains("after JVM start-up");
        // progress per run, as compare's, also when stderr is not a terminal
        assertThat(e).startsWith("perfstat stat: run 1 of 2\n").contains("\nperfstat stat: run 2 of 2, about ");
    }

    @Test
    void csvHasPerfsColumnsAndJsonPerfsKeys() throws Exception {
        Processes.Result csv = stat(Processes.java(), "-x", ";", "-e", "task-clock,page-faults,cycles");
        assertThat(csv.code()).as(csv.err()).isZero();
        List<String> all = csv.err().lines().filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
        // task-clock by thread role: its rows follow task-clock's and add up to the whole process (task-clock:process),
        // of which the task-clock row is the part less the observer's threads; on perf_event_open no ended row
        String process = all.stream().filter(l -> l.contains(";task-clock:process;")).findFirst().orElseThrow();
        List<String> roles = all.stream().filter(l -> l.contains(";task-clock:") && l != process).toList();
        // and, where the JIT compiled JFR's or perfstat's code inside the window, the row of that compiling last
        List<String> keys = roles.stream().map(l -> l.split(";", -1)[2]).toList();
        assertThat(keys.subList(0, 5)).containsExactly("task-clock:application", "task-clock:gc",
                "task-clock:jit", "task-clock:jvm-runtime", "task-clock:observer");
        assertThat(keys.subList(5, keys.size())).isSubsetOf("task-clock:jit-observer");
        double roleSum = roles.stream().mapToDouble(l -> Double.parseDouble(l.split(";", -1)[0])).sum();
        List<String> rows = all.stream().filter(l -> !l.contains(";task-clock:")).toList();
        assertThat(roleSum).isCloseTo(Double.parseDouble(process.split(";", -1)[0]), org.assertj.core.data.Percentage.withPercentage(1));
        double observer = roles.subList(4, roles.size()).stream().mapToDouble(l -> Double.parseDouble(l.split(";", -1)[0])).sum();
        assertThat(Double.parseDouble(rows.get(0).split(";", -1)[0]))
                .isCloseTo(Double.parseDouble(process.split(";", -1)[0]) - observer, org.assertj.core.data.Offset.offset(0.02));
        assertThat(rows).hasSize(3);
        String[] tc = rows.get(0).split(";", -1);
        assertThat(tc).hasSize(7);
        assertThat(tc[1]).isEqualTo("msec");
        assertThat(tc[2]).isEqualTo("task-clock");
        assertThat(Double.parseDouble(tc[0])).isGreaterThan(100);
        assertThat(Long.parseLong(tc[3])).isPositive();
        assertThat(tc[4]).isEqualTo("100.00");
        assertThat(tc[6]).isEqualTo("CPUs utilized");
        assertThat(rows.get(1).split(";", -1)[2]).isEqualTo("page-faults");
        assertThat(rows.get(2).split(";", -1)[2]).isEqualTo("cycles");

        Processes.Result json = stat(Processes.java(), "--json", "-e", "task-clock,context-switches");
        assertThat(json.code()).as(json.err()).isZero();
        List<String> objs = json.err().lines().filter(l -> l.startsWith("{") && !l.contains("\"task-clock:")
                && !l.contains("\"context-switches:") && !l.startsWith("{\"note\"")).toList();
        assertThat(json.err()).as("the footer's notes, as objects of their own").contains("{\"note\" : \"task-clock excludes");
        assertThat(objs).hasSize(2);
        assertThat(json.err()).contains("\"event\" : \"task-clock:gc\"").contains("\"event\" : \"context-switches:gc\"");
        @SuppressWarnings("unchecked")
        Map<String, Object> o = (Map<String, Object>) Json.parse(objs.get(1));
        assertThat(o).containsKeys("counter-value", "unit", "event", "event-runtime", "pcnt-running", "metric-value",
                "metric-unit");
        assertThat(o.get("event")).isEqualTo("context-switches");
        assertThat(o.get("metric-unit").toString()).endsWith("/sec");
    }

    @Test
    void intervalRowsPerThreadSplitAndTheKeptRecording() throws Exception {
        Processes.Result r = stat(Processes.java(), "-I", "100", "--per-thread", "-e", "task-clock", "-o", "kept.jfr");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("#           time             counts unit events");
        assertThat(r.err().lines().filter(l -> l.matches(" +[0-9]+\\.[0-9]{9} +[0-9.]+ msec task-clock.*")).count())
                .isGreaterThanOrEqualTo(3);
        assertThat(r.err()).containsPattern("\\n +java-[0-9]+ +[0-9.]+ msec task-clock");
        assertThat(r.err()).contains("--per-thread: the threads alive when the window opened");
        assertThat(Files.size(dir.resolve("kept.jfr"))).isPositive();
        Processes.Result again = stat(Processes.java(), "-o", "kept.jfr");
        assertThat(again.code()).isEqualTo(2);
        assertThat(again.err().strip()).isEqualTo("perfstat stat: kept.jfr exists (use --force to overwrite it)");
    }

    /** stat prints what it measured: probe rows, and a pattern that matched nothing named by the table and by the agent. */
    @Test
    void probeRowsAndATypodPattern() throws Exception {
        Processes.Result r = stat(Processes.java(), "-e", "task-clock", "--probes",
                "perfstat.itapp.CounterWorkload::spin;perfstat.itapp.CounterWorkloadd::spin", "--timing", "exact");
        assertThat(r.code()).as(r.err()).isZero();
        String e = r.err();
        assertThat(e).containsPattern("\\n +5 +CounterWorkload::spin calls");
        assertThat(e).containsPattern("\\n +[0-9]+ ns +CounterWorkload::spin p99 +# +5 timed calls");
        assertThat(e).contains(" # probe 'perfstat.itapp.CounterWorkloadd::spin' matched no method");
        assertThat(e.lines().filter(l -> l.startsWith("perfstat agent: probe pattern")).toList())
                .containsExactly("perfstat agent: probe pattern 'perfstat.itapp.CounterWorkloadd::spin' matched no method;"
                        + " did you mean perfstat.itapp.CounterWorkload::spin?");
        // by signature: the overload counted; perfstat's class transformation on a row of its own
        Processes.Result clean = stat(Processes.java(), "-e", "task-clock", "--probes", "perfstat.itapp.CounterWorkload::spin(long)");
        assertThat(clean.err()).doesNotContain("matched no method");
        assertThat(clean.err()).containsPattern("\\n +5 +CounterWorkload::spin\\(long\\) calls")
                .containsPattern("msec   perfstat transforming classes +# +[0-9.]+% of whole process");
    }

    /**
     * --from: the counters' window opens at the method's first call, so a probe counts only the calls after it; a method
     * never called leaves the counts the whole run's, and the notes say the window never opened; a malformed method or
     * duration is one line, exit 2, before any JVM starts. The machine's note is there in every run.
     */
    @Test
    void fromAMethodCountsOnlyWhatFollowsItsFirstCall() throws Exception {
        String app = "perfstat.itapp.WarmThenWork";
        Processes.Result from = Processes.perfstat(dir, "stat", "-e", "task-clock", "--probes", app + "::step",
                "--from", app + "::work", "--", Processes.java(), "-cp", classes(), app, "3000", "1000");
        assertThat(from.code()).as(from.err()).isZero();
        assertThat(from.err()).containsPattern("\\n +1000 +WarmThenWork::step calls")
                .containsPattern("\\n +1 +WarmThenWork::work calls")
                .contains(" # window: counters, probes, hot methods and the JDK's rows from the first call of " + app + "::work, ")
                .containsPattern(" # machine: other processes used [0-9.]+ CPUs of [0-9]+ while it ran");
        Processes.Result never = Processes.perfstat(dir, "stat", "-e", "task-clock", "--probes", app + "::step",
                "--from", app + "::never", "--", Processes.java(), "-cp", classes(), app, "3000", "1000");
        assertThat(never.code()).as(never.err()).isZero();
        assertThat(never.err()).containsPattern("\\n +4000 +WarmThenWork::step calls")
                .contains(" # the window never opened (--from " + app + "::never): " + app + "::never was never called;"
                        + " the counts are the whole run's");
        // read in this JVM (Main.execute): a JVM the command had started would have written started.log
        Path started = dir.resolve("started.log");
        for (String[] bad : List.of(new String[] {"--from", "WarmThenWork"}, new String[] {"--from", "a.B::c(Str ing)"},
                new String[] {"--delay", "2 seconds"}, new String[] {"--delay", "1h30"})) {
            Processes.Result r = Processes.read(dir, "stat", bad[0], bad[1], "--", Processes.java(), "-Xlog:gc:file=" + started,
                    "-version");
            assertThat(r.code()).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(r.err().strip()).startsWith("perfstat stat: " + bad[0]).doesNotContain("\n").doesNotContain("version");
            assertThat(started).as("no JVM started").doesNotExist();
        }
    }

    @Test
    void exitsWithTheCommandsStatus() throws Exception {
        String host = Path.of(perfstat.itapp.HostApp.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Processes.Result r = Processes.perfstat(dir, "stat", "-e", "task-clock", "--", Processes.java(), "-cp", host,
                "perfstat.itapp.HostApp", "1000");
        assertThat(r.code()).isEqualTo(3); // HostApp ends in System.exit(3)
        assertThat(r.err()).contains("task-clock").contains("the command exited with status 3");
    }

    @Test
    void badInputIsOneLine() throws Exception {
        // refused before any JVM starts: read in this JVM (Main.execute, as the jar's main runs it); the jar's exit 2 for
        // stat is intervalRowsPerThreadSplitAndTheKeptRecording's, and --from's and --delay's are through the jar
        Processes.Result notJava = Processes.read(dir, "stat", "--", "ls", "-l");
        assertThat(notJava.code()).isEqualTo(2);
        assertThat(notJava.err().strip()).startsWith("perfstat stat: stat runs Java commands").doesNotContain("\n");
        Processes.Result badEvent = Processes.read(dir, "stat", "-e", "cycels", "--", Processes.java(), "-cp", classes(),
                "perfstat.itapp.CounterWorkload", "300");
        assertThat(badEvent.code()).isEqualTo(2);
        assertThat(badEvent.err().strip()).startsWith("perfstat stat: unknown event 'cycels'").doesNotContain("\n");
        Processes.Result noCommand = Processes.read(dir, "stat");
        assertThat(noCommand.code()).isEqualTo(2);
        assertThat(noCommand.err().strip()).doesNotContain("\n");
        // as perf stat: a command that fails is still measured, and its status is perfstat's
        Processes.Result noMain = Processes.perfstat(dir, "stat", "--", Processes.java(), "-cp", "nowhere", "NoSuchMain");
        assertThat(noMain.code()).isEqualTo(1);
        assertThat(noMain.err()).contains("Could not find or load main class NoSuchMain")
                .contains("the command exited with status 1");
        Processes.Result noJvm = Processes.perfstat(dir, "stat", "--", Processes.java(), "-XX:+NoSuchJvmOption", "X");
        assertThat(noJvm.code()).isEqualTo(1);
        assertThat(noJvm.err().strip().lines().reduce((a, b) -> b).orElseThrow())
                .isEqualTo("perfstat stat: the command wrote no recording (exit status 1): its JVM did not start, or the agent could not");
    }

    /**
     * Not root, with perf_event_paranoid 2: perf_event_open refuses kernel counting, so every
     * event counts user space only (":u", as perf does), context switches come from getrusage
     * and migrations from procfs. Run as nobody where the test runs as root; else skipped.
     */
    @Test
    void whereKernelCountingIsRefusedEventsAreUserOnlyAndTheRestFallsBack() throws Exception {
        Processes.Result id = Processes.run(dir, List.of("id", "-u"));
        Path paranoid = Path.of("/proc/sys/kernel/perf_event_paranoid");
        assumeTrue(id.out().strip().equals("0"), "runs as root only, to become nobody");
        assumeTrue(Files.isReadable(paranoid) && Integer.parseInt(Files.readString(paranoid).strip()) >= 2,
                "perf_event_paranoid is below 2: nobody may count kernel space here");
        assumeTrue(Processes.run(dir, List.of("sh", "-c", "command -v setpriv")).code() == 0, "no setpriv");
        // everything nobody needs, in a directory nobody can read and write
        Path jar = dir.resolve("perfstat.jar");
        Files.copy(Processes.jar(), jar);
        Path cls = dir.resolve("classes/perfstat/itapp/CounterWorkload.class");
        Files.createDirectories(cls.getParent());
        Files.copy(Path.of(classes(), "perfstat/itapp/CounterWorkload.class"), cls);
        Processes.run(dir, List.of("chmod", "-R", "a+rwX", dir.toString()));
        Processes.run(dir, List.of("chmod", "a+x", dir.getParent().toString()));
        Processes.Result r = Processes.run(dir, List.of("setpriv", "--reuid", "65534", "--regid", "65534",
                "--clear-groups", Processes.java(), "-Djava.io.tmpdir=" + dir, "-jar", jar.toString(), "stat", "--",
                Processes.java(), "-cp", dir.resolve("classes").toString(), "perfstat.itapp.CounterWorkload", "300"));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).containsPattern("msec task-clock:u +#");
        assertThat(r.err()).containsPattern("\n +[0-9]+ +context-switches +#.*\\[getrusage\\]");
        assertThat(r.err()).containsPattern("\n +[0-9]+ +cpu-migrations +#.*\\[procfs, live threads only\\]");
        assertThat(r.err()).containsPattern("\n +[0-9]+ +page-faults:u +#");
        assertThat(r.err()).contains("counters from perf_event_open (user only): the kernel refuses kernel counting");
    }

    @Test
    void aJava17TargetCountsFromProcfsAndSaysSo() throws Exception {
        Path home = Processes.jdk(17);
        assumeTrue(home != null, "no JDK 17 installed under /usr/lib/jvm");
        Processes.Result r = stat(home.resolve("bin/java").toString(), "--probes", "perfstat.itapp.CounterWorkload::spin(long)");
        assertThat(r.code()).as(r.err()).isZero();
        // Byte Buddy's path on a Java 17 target: the overload by signature counted, its transformation on its own row
        assertThat(r.err()).containsPattern("\\n +5 +CounterWorkload::spin\\(long\\) calls")
                .containsPattern("msec   perfstat transforming classes +# +[0-9.]+% of whole process");
        // task-clock in ns from each thread's schedstat (with the ticks of threads that ended between reads, if any)
        assertThat(r.err()).containsPattern("msec task-clock .*\\[procfs schedstat \\(ns\\)");
        assertThat(r.err()).containsPattern("msec   JIT compiler +# +[0-9.]+% of whole process");
        assertThat(r.err()).containsPattern("context-switches .*\\[procfs, live threads only\\]");
        assertThat(r.err()).containsPattern("<not supported> +cycles");
        assertThat(r.err()).contains("perf_event_open needs Java 22+ in the target");
    }
}
