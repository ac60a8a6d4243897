package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/**
 * perfstat on code it did not write, as a new user tries it: an embedded SQL database (H2, from
 * the package registry) under four threads, probed with a third-party method, a JDK class, a
 * third-party constructor, an annotation and a pattern that matches nothing; through the agent
 * and through {@code perfstat stat --probes}.
 */
class ThirdPartyIT {
    private static final int THREADS = 4;
    private static final int OPS = 2_000;
    private static final String PATTERNS = String.join(";", "org.h2.jdbc.JdbcPreparedStatement::executeQuery",
            "java.util.HashMap::get", "org.h2.value.ValueInteger::<init>", "@perfstat.itapp.Timed", "com.example.Nope::x");

    @TempDir
    Path dir;

    private static String classPath() throws Exception {
        return Path.of(perfstat.itapp.H2Load.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                + File.pathSeparator + Path.of(org.h2.Driver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static List<String> app() throws Exception {
        return List.of("-cp", classPath(), "perfstat.itapp.H2Load", Integer.toString(THREADS), Integer.toString(OPS));
    }

    /**
     * Runs the commands in {@code dir}, two at a time (their recordings are what the tests read, not their
     * timing); their results in the order given.
     */
    private List<Processes.Result> twoAtATime(List<List<String>> commands) throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            List<java.util.concurrent.Future<Processes.Result>> running = new ArrayList<>();
            for (List<String> c : commands) {
                running.add(pool.submit(() -> Processes.run(dir, c)));
            }
            List<Processes.Result> results = new ArrayList<>();
            for (java.util.concurrent.Future<Processes.Result> f : running) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theAgentProbesADatabaseAndTheJdkUnderIt() throws Exception {
        List<String> bare = new ArrayList<>(List.of(Processes.java()));
        bare.addAll(app());
        List<String> cmd = new ArrayList<>(List.of(Processes.java(), "-javaagent:" + Processes.jar() + "=out=h2.jfr,probes=" + PATTERNS));
        cmd.addAll(app());
        List<Processes.Result> both = twoAtATime(List.of(bare, cmd));
        Processes.Result without = both.get(0);
        Processes.Result with = both.get(1);
        assertThat(with.code()).as(with.err()).isZero();
        assertThat(with.out()).isEqualTo(without.out()).contains("rows=" + THREADS * OPS);

        RunData run = RecordingReader.read(dir.resolve("h2.jfr").toString());
        Map<String, RunData.Probe> p = run.probes();
        // executeQuery is overloaded in H2's class: the probe names the one the application calls
        assertThat(p.get("org.h2.jdbc.JdbcPreparedStatement::executeQuery()").calls()).isEqualTo((long) THREADS * OPS);
        assertThat(p.get("perfstat.itapp.H2Load::oneOp").calls()).isEqualTo((long) THREADS * OPS);
        assertThat(p.get("org.h2.value.ValueInteger::<init>").calls()).isPositive();
        assertThat(p.get("java.util.HashMap::get").calls()).isGreaterThan((long) THREADS * OPS);
        assertThat(run.probePatterns()).containsEntry("com.example.Nope::x", 0L);

        Processes.Result report = Processes.read(dir, "report", "h2.jfr");
        assertThat(report.out()).contains("JdbcPreparedStatement::executeQuery() calls").contains("ValueInteger::<init> calls")
                .contains("HashMap::get p99 (ns)").contains("H2Load::oneOp calls")
                .contains("# probe 'com.example.Nope::x' matched no method");
    }

    @Test
    void statTakesTheSameProbes() throws Exception {
        List<String> cmd = new ArrayList<>(List.of("stat", "--probes", PATTERNS, "-o", "stat.jfr", "--", Processes.java()));
        cmd.addAll(app());
        Processes.Result r = Processes.perfstat(dir, cmd.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("task-clock");
        RunData run = RecordingReader.read(dir.resolve("stat.jfr").toString());
        assertThat(run.probes().get("perfstat.itapp.H2Load::oneOp").calls()).isEqualTo((long) THREADS * OPS);
        assertThat(run.probePatterns()).containsEntry("com.example.Nope::x", 0L);
    }

    /**
     * compare of two commands with the program's own number as its score: the number in each run's recording (diff
     * reads it again), each run's output kept beside its recording; a pattern its output does not match stops the
     * comparison after the first run, quoting the output.
     */
    @Test
    void compareTakesTheProgramsOwnScoreAndKeepsItsOutput() throws Exception {
        List<String> app = List.of(Processes.java(), "-cp", classPath(), "perfstat.itapp.H2Load", "1", "200");
        List<String> cmd = new ArrayList<>(List.of("compare", "-r", "1", "-o", "out", "--score", "rows=([0-9]+)",
                "--score-unit", "rows", "--name", "a", "--"));
        cmd.addAll(app);
        cmd.addAll(List.of(":::", "--name", "b", "--"));
        cmd.addAll(app);
        Processes.Result r = Processes.perfstat(dir, cmd.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("\\|\\s+200\\.00 \\|\\s+200\\.00  rows \\(rows\\)").contains("b vs a: rows (rows) ");
        String printed = java.nio.file.Files.readString(dir.resolve("out/a/a.1.out")).strip();
        assertThat(printed).startsWith("rows=200 sum=");
        assertThat(RecordingReader.read(dir.resolve("out/b/b.1.jfr").toString()).programScore())
                .isEqualTo(new RunData.ProgramScore("rows", "rows", true, 200, List.of(200.0)));

        cmd.set(cmd.indexOf("rows=([0-9]+)"), "loop_ms=([0-9.]+)");
        cmd.set(cmd.indexOf("out"), "out2");
        Processes.Result none = Processes.perfstat(dir, cmd.toArray(String[]::new));
        assertThat(none.code()).isEqualTo(1);
        // progress lines, and the warning a machine busy before the runs gets (other ITs run beside this one)
        assertThat(none.err().lines().filter(l -> !l.startsWith("perfstat compare: a, run")
                && !l.startsWith("perfstat compare: the machine is busy"))).containsExactly(
                "perfstat compare: --score 'loop_ms=([0-9.]+)' found nothing in the output of a, run 1 of 1, which begins: "
                        + printed);
        assertThat(dir.resolve("out2/b/b.1.jfr")).as("no second run").doesNotExist();
    }

    /**
     * Recordings a user already has: -XX:StartFlightRecording with the JDK's default settings
     * (periodic events every 200 ms, contention from 1 ms, so that runs of seconds have them),
     * two runs each of two builds of the application (the second without the table's key),
     * and one with the profile settings. diff prints the JDK's rows and the hot methods with
     * verdicts over the runs, and a summary that says there is no score.
     */
    @Test
    void recordingsMadeWithoutPerfstatOfTwoBuildsAreDiffedWithVerdicts() throws Exception {
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        List<List<String>> runs = new ArrayList<>();
        for (int i = 1; i <= 2; i++) { // runs a side: intervals need two
            for (String build : List.of("index", "noindex")) {
                String file = build + i + ".jfr";
                (build.equals("index") ? a : b).add(file);
                runs.add(List.of(Processes.java(), "-XX:StartFlightRecording:filename=" + file
                        + ",settings=default,jdk.CPULoad#period=200ms,jdk.ThreadContextSwitchRate#period=200ms,"
                        + "jdk.JavaMonitorEnter#threshold=1ms,jdk.ThreadPark#threshold=1ms", "-cp", classPath(),
                        "perfstat.itapp.H2Load", Integer.toString(THREADS), "1000", build));
            }
        }
        // the user's profile-settings recording too, made beside them
        runs.add(List.of(Processes.java(), "-XX:StartFlightRecording:filename=profile.jfr,settings=profile",
                "-cp", classPath(), "perfstat.itapp.H2Load", Integer.toString(THREADS), "1000"));
        for (Processes.Result r : twoAtATime(runs)) {
            assertThat(r.code()).as(r.err()).isZero();
        }
        List<String> args = new ArrayList<>(List.of("diff"));
        args.addAll(a);
        args.add("--");
        args.addAll(b);
        // a person's table: the answer in its first lines, then the rows that changed and the rest
        Processes.Result brief = Processes.read(dir, args.toArray(String[]::new));
        assertThat(brief.code()).as(brief.err()).isZero();
        assertThat(brief.out().lines().limit(5).toList()).as(brief.out()).anySatisfy(l -> assertThat(l)
                .startsWith(" noindex vs index: time elapsed (msecs) ")).anySatisfy(l -> assertThat(l).contains("each run: index "));
        args.add("--all"); // every row, hot method and note
        Processes.Result diff = Processes.read(dir, args.toArray(String[]::new));
        assertThat(diff.code()).as(diff.err()).isZero();
        assertThat(diff.err()).isEmpty();
        assertThat(diff.out()).contains("task-clock (msecs)").contains("context-switches (machine)").contains("GCs")
                .contains("GC pauses (msecs)").contains("allocated (bytes)").contains("parks").contains("monitor blocks")
                .contains("JVM CPU load").contains("hot methods, self (% of ").contains("hot methods, total (% of ")
                .containsPattern("\\[[-+]\\d+\\.\\d%, [-+]\\d+\\.\\d%\\]")
                .contains("noindex vs index: time elapsed (msecs) "); // sides named by their files' common name; no score: time elapsed heads
        // the profile settings, and a gzip copy of that recording, read alike
        try (var out = new java.util.zip.GZIPOutputStream(java.nio.file.Files.newOutputStream(dir.resolve("profile.jfr.gz")))) {
            java.nio.file.Files.copy(dir.resolve("profile.jfr"), out);
        }
        Processes.Result report = Processes.read(dir, "report", "profile.jfr");
        Processes.Result gz = Processes.read(dir, "report", "profile.jfr.gz");
        assertThat(report.code()).as(report.err()).isZero();
        assertThat(report.out()).contains("GCs").contains("allocated (bytes)").contains("hot methods, self");
        assertThat(gz.code()).as(gz.err()).isZero();
        for (String row : List.of("allocated (bytes)", "GC pauses (msecs)", "time elapsed (msecs)")) {
            String line = report.out().lines().filter(l -> l.contains(row)).findFirst().orElseThrow();
            assertThat(gz.out()).contains(line);
        }
    }
}
