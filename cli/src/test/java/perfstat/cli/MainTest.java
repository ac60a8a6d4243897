package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every user error is one line on stderr, with exit 2 for usage and 1 for data; no stack trace. */
class MainTest {
    @TempDir
    Path dir;

    record Result(int code, String out, String err) {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    /** As {@link #run}, with whatever the JVM's System.err got added to the command's stderr. */
    static Result runCapturingSystemErr(String... args) {
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream sys = new java.io.ByteArrayOutputStream();
        Result r;
        try {
            System.setErr(new java.io.PrintStream(sys, true, java.nio.charset.StandardCharsets.UTF_8));
            r = run(args);
        } finally {
            System.setErr(saved);
        }
        return new Result(r.code(), r.out(), r.err() + sys.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static void oneLine(Result r, int code, String contains) {
        assertThat(r.code()).isEqualTo(code);
        assertThat(r.err().strip()).contains(contains).doesNotContain("\n").doesNotContain("\tat ");
    }

    @Test
    void usageErrors() {
        oneLine(run("run", "nosuchmodel"), 2, "unknown model 'nosuchmodel'");
        oneLine(run("run", "fstime", "--variant", "9.9"), 2, "unknown variant '9.9'");
        oneLine(run("run", "fstime", "--duration", "soon"), 2, "not a duration");
        oneLine(run("diff", "only-one.jfr"), 2, "at least two configurations");
        oneLine(run("frobnicate"), 2, "perfstat: unknown command 'frobnicate' (commands: models, run, compare,");
        assertThat(run("--verbose", "frob").err()).startsWith("perfstat: unknown command 'frob'");
        oneLine(run("diff", "--format", "xml", "a", "b"), 2, "--format");
        oneLine(run("compare", "fstime", "--variants", "unpatched"), 2, "at least two");
    }

    /** compare of commands: each mistake one line, exit 2, before any JVM starts (this test JVM has no perfstat.jar). */
    @Test
    void badCommandComparisonsAreRefusedBeforeAnyJvmStarts() {
        oneLine(run("compare", "--name", "old", "--", "java", "-cp", "a.jar", "App"), 2, "two or more java commands");
        oneLine(run("compare", "--observer-check", "--", "java", "-cp", "a.jar", "App"), 2,
                "--observer-check compares runs with and without probes: name them with --probes");
        oneLine(run("compare", "--", "java", "App", ":::", "python3", "app.py"), 2, "'python3' (command 'B') is not java");
        oneLine(run("compare", "--name", "", "--", "java", "App", ":::", "java", "App"), 2, "the name of command 1 is empty");
        oneLine(run("compare", "--name", "x", "--", "java", "App", ":::", "--name", "x", "--", "java", "App"), 2,
                "two commands are named 'x'");
        oneLine(run("compare", "-r", "0", "--", "java", "A", ":::", "java", "B"), 2, "--runs must be at least 1");
        oneLine(run("compare", "--max-runs", "1", "--", "java", "A", ":::", "java", "B"), 2, "--max-runs must be at least 2");
        oneLine(run("compare", "--max-time", "soon", "--", "java", "A", ":::", "java", "B"), 2, "--max-time wants a duration");
        oneLine(run("compare", "--min-effect=-5%", "--", "java", "A", ":::", "java", "B"), 2, "--min-effect wants a positive N%");
        oneLine(run("compare", "--", "java", "A", ":::", "--name"), 2, "--name of command 2 needs a value");
        oneLine(run("compare", "--", "java", "A", ":::", "--name", "b", "--"), 2, "command 'b' is empty");
        oneLine(run("compare", "--variants", "a,b", "--", "java", "A", ":::", "java", "B"), 2, "--variants is for a model");
        oneLine(run("compare", "fstime", "--name", "x"), 2, "'fstime' (command 'x') is not java");
        oneLine(run("compare", "--name", "a/b", "--", "java", "A", ":::", "java", "B"), 2, "cannot name a directory");
        // the -- forgotten after --name: picocli said "--name should be specified only once" or "Unknown options: '-cp'"
        oneLine(run("compare", "--name", "a", "java", "-cp", "a.jar", "App", ":::", "--name", "b", "java", "-cp", "b.jar", "App"),
                2, "put -- between --name NAME and the java command: --name a -- java");
        oneLine(run("compare", "--name", "a", "java", "-cp", "a.jar", "App", ":::", "java", "-cp", "b.jar", "App"), 2,
                "put -- between --name NAME and the java command");
    }

    /** {iterations} in a command, --iterations and --precision: one line, exit 2, before any JVM starts. */
    @Test
    void iterationCountsAndPrecisionAreCheckedBeforeAnyJvmStarts() {
        oneLine(run("compare", "--", "java", "A", "{iterations}", ":::", "java", "B", "{iterations}"), 2,
                "{iterations} in a command is filled with a count chosen from the runs' iterations: give --iteration METHOD");
        oneLine(run("compare", "--iterations", "500", "--iteration", "A::step", "--", "java", "A", ":::", "java", "B"), 2,
                "--iterations N goes where a command says {iterations}, and none of the commands does");
        oneLine(run("compare", "fstime", "--iterations", "500"), 2, "--iterations N goes where a command says {iterations}");
        oneLine(run("compare", "--iterations", "5", "--iteration", "A::step", "--", "java", "A", "{iterations}", ":::", "java",
                "B", "{iterations}"), 2, "--iterations must be from 10 to 1,000,000, not 5");
        oneLine(run("compare", "--iteration", "A::step", "--", "java", "A", "{iterations}", ":::", "java", "B", "500"), 2,
                "command 'B' has no {iterations} where another has: every command takes the count");
        oneLine(run("compare", "-r", "3", "--precision", "2", "--", "java", "A", ":::", "java", "B"), 2,
                "--precision is for a comparison run until decided: -r 3 fixes the runs");
        oneLine(run("compare", "--precision", "tight", "--", "java", "A", ":::", "java", "B"), 2,
                "--precision wants the interval's width in percentage points, 0 or more (e.g. 4), not 'tight'");
        oneLine(run("compare", "--precision", "-1", "--", "java", "A", ":::", "java", "B"), 2, "--precision wants");
    }

    /** A --score pattern that cannot find a number, and its options without it: one line, exit 2, before any JVM starts. */
    @Test
    void aScorePatternIsCheckedBeforeAnyJvmStarts() {
        oneLine(run("compare", "--score", "loop_ms=([0-9.]+", "--", "java", "A", ":::", "java", "B"), 2,
                "--score 'loop_ms=([0-9.]+' is not a regular expression: Unclosed group near index 16");
        oneLine(run("compare", "--score", "loop_ms=[0-9.]+", "--", "java", "A", ":::", "java", "B"), 2,
                "--score 'loop_ms=[0-9.]+' has no group");
        oneLine(run("stat", "--score", "x=(\\d+", "--", "java", "A"), 2, "is not a regular expression");
        oneLine(run("stat", "--score-unit", "ms", "--", "java", "A"), 2, "--score-unit needs --score REGEX");
        // before the command runs: a class A that does not exist would otherwise fail first
        oneLine(run("stat", "--per", "", "--", "java", "A"), 2, "--per");
        oneLine(run("compare", "--lower-is-better", "--", "java", "A", ":::", "java", "B"), 2, "--lower-is-better needs --score");
        oneLine(run("compare", "fstime", "--score", "x=(\\d+)"), 2, "--score is for commands");
        oneLine(run("compare", "--score", "x=(\\d+)", "--iteration-score", "y=(\\d+)", "--", "java", "A", ":::", "java", "B"), 2,
                "--score and --iteration-score name one score: give one of them");
        oneLine(run("compare", "--iteration-score", "it=[0-9]+", "--", "java", "A", ":::", "java", "B"), 2,
                "--iteration-score 'it=[0-9]+' has no group");
        oneLine(run("compare", "fstime", "--iteration-score", "x=(\\d+)"), 2, "--iteration-score is for commands");
    }

    /**
     * Agent options are checked where the CLI makes them: in process, a command that got as far
     * as starting a JVM would fail differently (this test JVM does not run from perfstat.jar).
     */
    @Test
    void badAgentOptionsAreRefusedBeforeAnyJvmStarts() {
        for (String bad : new String[] {"a..b::", "::", "@", "a.B::"}) {
            oneLine(run("run", "fstime", "--probes", bad), 2, "option 'probes'");
            oneLine(run("compare", "fstime", "--probes", bad), 2, "option 'probes'");
            oneLine(run("stat", "--probes", bad, "--", "java", "-version"), 2, "option 'probes'");
            oneLine(run("attach", "1", "--probes", bad), 2, "option 'probes'");
        }
        oneLine(run("run", "fstime", "--probeset", "nope"), 2, "unknown probe set 'nope'");
        // a signature names the part that does not parse
        oneLine(run("stat", "--probes", "a.B::c(String,Str ing)", "--", "java", "-version"), 2,
                "option 'probes': bad parameter type 'Str ing' in 'a.B::c(String,Str ing)'");
        oneLine(run("run", "fstime", "--probes", "a.B::c(int"), 2, "parameter list not closed with ')'");
        oneLine(run("run", "fstime", "--timing", "fast"), 2, "--timing");
        oneLine(run("stat", "--sample", "0", "--", "java", "-version"), 2, "sample");
        oneLine(run("stat", "-e", "cycels", "--", "java", "-version"), 2, "unknown event 'cycels'");
        oneLine(run("attach", "1", "-o", dir.resolve("a,b.jfr").toString()), 2, "comma");
        oneLine(run("run", "fstime", "--option", "blok-size=1024"), 2, "unknown option 'blok-size' of fstime (known: block-size, max-blocks)");
        oneLine(run("run", "fstime", "--option", "block-size=big"), 2, "option 'block-size' of fstime must be an integer");
    }

    @Test
    void dataErrors() throws Exception {
        oneLine(run("report", dir.resolve("nope.jfr").toString()), 1, "no such file");
        Path text = Files.writeString(dir.resolve("x.jfr"), "hello");
        oneLine(run("diff", text.toString(), text.toString()), 1, "not a readable JFR recording");
    }

    /** A gate that cannot judge is refused: bad input before any file is read, then metrics the table does not have. */
    @Test
    void aGateThatCannotFireIsAUsageError() {
        String nope = dir.resolve("nope.jfr").toString(); // never read: the options are refused first
        oneLine(run("diff", "--fail-on", "task-clock", nope, nope), 2, "--fail-on wants METRIC:+N%");
        oneLine(run("diff", "--fail-on", "task-clock:5%", nope, nope), 2, "--fail-on wants METRIC:+N%");
        oneLine(run("diff", "--threshold", "five", nope, nope), 2, "--threshold wants N%");
        oneLine(run("diff", "--alpha", "0", nope, nope), 2, "--alpha must be between 0 and 0.5");
        oneLine(run("diff", "--alpha", "1", nope, nope), 2, "--alpha must be between 0 and 0.5");
        String a = "../recordings/fstime-unpatched.jfr";
        String b = "../recordings/fstime-patched.jfr";
        Result typo = run("diff", "--fail-on", "tsk-clock:+5%", a, b);
        oneLine(typo, 2, "--fail-on 'tsk-clock:+5.0%' names no metric of the table (closest: task-clock");
        assertThat(typo.out()).isEmpty();
        // one recording a side: task-clock has no verdict, so the commit is neither good nor bad
        Result undecided = run("diff", "--fail-on", "task-clock:+5%", a, b);
        assertThat(undecided.code()).isEqualTo(125);
        assertThat(undecided.err()).contains("undecided");
        // the score's intervals are one run's: not runs, so no verdict either way (a run is the unit)
        assertThat(run("diff", "--fail-on", "score:-5%", a, b).code()).isEqualTo(125);
        assertThat(run("diff", "--fail-on", "score:+5%", a, b).code()).isEqualTo(125);
        oneLine(run("diff", "--min-effect", "0%", nope, nope), 2, "--min-effect wants a positive N%");
        oneLine(run("diff", "--fail-on", "task-clock:+0%", nope, nope), 2, "--fail-on's limit must be above 0%");
        assertThat(run("diff", "--alpha", "0.01", a, b).code()).isZero();
        assertThat(run("diff", "--confidence", "99%", a, b).code()).isZero();
        oneLine(run("diff", "--confidence", "1.5", nope, nope), 2, "--confidence wants a level between 0.5 and 1");
        oneLine(run("diff", "--confidence", "ninety", nope, nope), 2, "--confidence wants a level between 0.5 and 1");
        oneLine(run("diff", "--alpha", "0.01", "--confidence", "0.9", nope, nope), 2, "--alpha and --confidence say the same");
        oneLine(run("diff", "--per", "Vfs::writ", a, b), 2, "--per Vfs::writ: no probe, model counter or score");
        assertThat(run("diff", "--per", "Vfs::write", a, b).code()).isZero();
    }

    /** Columns are always told apart: by variant, else by directory or the common part of the files' names. */
    @Test
    void columnsAreLabelledDistinctly() throws Exception {
        Path src = Path.of("../recordings/fstime-unpatched.jfr");
        for (String side : List.of("a", "b")) {
            Files.createDirectories(dir.resolve(side));
            for (String n : List.of("tok.1.jfr", "tok.3.jfr")) {
                Files.copy(src, dir.resolve(side).resolve(n));
            }
        }
        String a1 = dir.resolve("a/tok.1.jfr").toString();
        String a3 = dir.resolve("a/tok.3.jfr").toString();
        String b1 = dir.resolve("b/tok.1.jfr").toString();
        String b3 = dir.resolve("b/tok.3.jfr").toString();
        assertThat(run("diff", "--format", "json", a1, a3, "--", b1, b3).out())
                .contains("{\"label\": \"a\", \"files\"").contains("{\"label\": \"b\", \"files\"");
        assertThat(run("diff", "--format", "json", dir.resolve("a").toString(), dir.resolve("b").toString()).out())
                .contains("{\"label\": \"a\", \"files\"").contains("{\"label\": \"b\", \"files\"");
        assertThat(run("diff", "--format", "json", "--labels", "old,new", a1, a3, "--", b1, b3).out())
                .contains("{\"label\": \"old\", \"files\"");
        oneLine(run("diff", "--labels", "x,x", a1, b1), 2, "--labels must name each column differently");
    }

    /**
     * A side's directory takes every recording perfstat reads, gzip included; a file of it that perfstat cannot read
     * (here an empty .jfr) is named in a note and left out, and the side's n says so; a directory of only .jfr.gz reads.
     */
    @Test
    void aDirectoryTakesGzipAndLeavesOutWhatItCannotRead() throws Exception {
        Path src = Path.of("../recordings/fstime-unpatched.jfr");
        Path a = Files.createDirectories(dir.resolve("a"));
        Path b = Files.createDirectories(dir.resolve("b"));
        Recordings.distinctCopy(src, a.resolve("r1.jfr"), 1);
        Recordings.distinctCopy(src, a.resolve("r2.jfr"), 2);
        Files.createFile(a.resolve("r3.jfr"));
        long ns = 3;
        for (String n : List.of("r1.jfr.gz", "r2.jfr.gz", "r3.jfr.gz")) {
            Path plain = Recordings.distinctCopy(src, dir.resolve(n + ".plain"), ns++);
            try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(b.resolve(n)))) {
                Files.copy(plain, out);
            }
        }
        Result r = run("diff", a.toString(), b.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("(n=2+3)").contains(a + ": r3.jfr left out, as perfstat cannot read it (")
                .contains("); 2 recordings of it read");
        oneLine(run("diff", a.resolve("r3.jfr").toString(), b.toString()), 1, "r3.jfr"); // named on its own: an error
    }

    /**
     * --threshold where the primary measure's interval reaches beyond it and no change is shown: the runs cannot tell,
     * so 125 with a line, as --fail-on on that row would be (it had passed, exit 0).
     */
    @Test
    void aThresholdTheIntervalReachesBeyondIsUndecided() throws Exception {
        Path u = Path.of("../recordings/fstime-unpatched.jfr");
        Path p = Path.of("../recordings/fstime-patched.jfr");
        String[] a = {Recordings.distinctCopy(u, dir.resolve("t/a1.jfr"), 1).toString(), Recordings.distinctCopy(p, dir.resolve("t/a2.jfr"), 2).toString()};
        String[] b = {Recordings.distinctCopy(p, dir.resolve("t/b1.jfr"), 3).toString(), Recordings.distinctCopy(u, dir.resolve("t/b2.jfr"), 4).toString()};
        Result r = run("diff", a[0], a[1], "--", b[0], b[1], "--threshold", "5%");
        assertThat(r.code()).as(r.err()).isEqualTo(125);
        assertThat(r.err()).contains("undecided: --threshold 5.0%: fstime (KB/s) in patched +0.00% [").contains("the runs cannot tell whether"
                + " it got worse by more than 5.0%: exit 125");
    }

    /** Sides of different sizes: the title counts each (it said "(2 runs each)" for 2 against 3), as the rows' n do. */
    @Test
    void unequalSidesAreTitledWithEachCount() throws Exception {
        Path src = Path.of("../recordings/fstime-unpatched.jfr");
        List<String> args = new java.util.ArrayList<>(List.of("diff"));
        for (String n : List.of("a1", "a2", "--", "b1", "b2", "b3")) {
            if (n.equals("--")) {
                args.add(n);
                continue;
            }
            Path f = Recordings.distinctCopy(src, dir.resolve(n + ".jfr"), args.size());
            args.add(f.toString());
        }
        Result r = run(args.toArray(new String[0]));
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("(1 thread, 10 s, 2 | 3 runs)").doesNotContain("runs each").contains("(n=2+3)");
    }

    @Test
    void anExistingOutputIsNotOverwritten() throws Exception {
        Path out = Files.writeString(dir.resolve("keep.jfr"), "precious");
        oneLine(run("run", "fstime", "-o", out.toString()), 2, "exists (use --force");
        assertThat(Files.readString(out)).isEqualTo("precious");
    }

    @Test
    void verboseShowsTheStackTrace() {
        Result r = run("--verbose", "report", dir.resolve("nope.jfr").toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("no such file").contains("\tat ");
    }

    @Test
    void modelsListsVariantsAndWorkloads() {
        Result r = run("models");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("writepath").contains("unpatched").contains("piggin").contains("2.6.18")
                .contains("fstime").contains("lat_mmap");
    }

    /** The CLI explains itself: every command's --help and -h, and perfstat help CMD, print its usage and exit 0. */
    @Test
    void everyCommandHasHelp() {
        for (String cmd : new String[] {"models", "run", "compare", "report", "diff", "stat", "ps", "attach", "list"}) {
            for (String[] args : new String[][] {{cmd, "--help"}, {cmd, "-h"}, {"help", cmd}}) {
                Result r = runCapturingSystemErr(args);
                assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isZero();
                assertThat(r.out()).as(String.join(" ", args)).contains("Usage: perfstat " + cmd);
                // picocli writes its own warnings (an unescaped % in a description) to System.err
                assertThat(r.err()).as(String.join(" ", args)).isEmpty();
            }
        }
        assertThat(run("--help").out()).contains("list").contains("help").contains("generate-completion");
        assertThat(run("generate-completion").out()).contains("complete").contains("perfstat");
    }

    @Test
    void listSaysWhatThisMachineCountsAndWhyNot() {
        Result r = run("list");
        assertThat(r.code()).isZero();
        assertThat(r.out()).containsPattern("task-clock +\\[software event\\]  counted here")
                .containsPattern("cycles +\\[hardware event\\]  (counted here|<not supported> \\(.+\\))")
                .contains("Output formats (--format): table, json, csv, markdown, html");
    }
}
