package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe's two transformers, end to end: Byte Buddy on a Java 17 target, the JDK's ClassFile API on a Java 25 one
 * (the agent jar's {@code META-INF/versions/24}). The same target, with methods of every shape, probed whole with
 * exact timing under each: every probe row counts and times every call, the target prints what it prints without
 * perfstat, and the class-loading log says which transformer ran (Byte Buddy's classes load on 17, none on 25).
 */
class TransformPathsIT {
    private static final int CALLS = 400;
    /** Each method of ProbeShapes that main calls CALLS times, as its row is labelled. */
    private static final List<String> ROWS = List.of("ProbeShapes::<init>(String)", "ProbeShapes::<init>(int)",
            "ProbeShapes::add", "ProbeShapes::twice", "ProbeShapes::mixed", "ProbeShapes::fail",
            "ProbeShapes::wrap(CharSequence)", "ProbeShapes::wrap(CharSequence,int)");

    @TempDir
    Path dir;

    @Test
    void byteBuddyProbesAJava17Target() throws Exception {
        Path home = Processes.jdk(17);
        assumeTrue(home != null, "no JDK 17 installed under /usr/lib/jvm");
        String log = probed(home);
        assertThat(log).as("Byte Buddy transformed the class").contains("perfstat.shaded.net.bytebuddy.");
        assertThat(log).doesNotContain("java.lang.classfile.");
    }

    @Test
    void theClassFileApiProbesAJava25Target() throws Exception {
        Path home = Processes.jdk(25);
        assumeTrue(home != null, "no JDK 25 installed under /usr/lib/jvm");
        String log = probed(home);
        assertThat(log).as("no Byte Buddy on 24+").doesNotContain("net.bytebuddy");
        assertThat(log).as("the class of the jar's Java 24 layer").contains("perfstat.agent.probe.ClassFileProbes$ProbeCode source:");
    }

    /**
     * A class the ClassFile API cannot rewrite (its loader defines it but gives no class files, so the stack maps of
     * a method that joins two of its classes cannot be computed): left as it was and said, in one line and in the
     * table's note; the program runs and prints what it prints without perfstat.
     */
    @Test
    void aClassTheClassFileApiCannotRewriteIsLeftAsItWasAndSaid() throws Exception {
        Path home = Processes.jdk(25);
        assumeTrue(home != null, "no JDK 25 installed under /usr/lib/jvm");
        String bin = home.resolve("bin/java").toString();
        Path classes = Path.of(perfstat.itapp.Unresolvable.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        copy(classes, dir.resolve("cp"), "perfstat/itapp", "Unresolvable");
        copy(classes, dir.resolve("hidden"), "perfstat/itapp/hidden", "Picker");
        List<String> target = List.of(bin, "-cp", dir.resolve("cp").toString(), "perfstat.itapp.Unresolvable",
                dir.resolve("hidden").toString(), "100");
        Processes.Result bare = Processes.run(dir, target);
        assertThat(bare.out()).isEqualTo("100 picked, 50 even\n");
        List<String> a = new java.util.ArrayList<>(List.of("stat", "-e", "task-clock", "--timing", "exact",
                "--probes", "perfstat.itapp.hidden.Picker::pick", "--"));
        a.addAll(target);
        Processes.Result r = Processes.perfstat(dir, a.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(bare.out());
        assertThat(r.err()).contains("perfstat agent: cannot probe perfstat.itapp.hidden.Picker: the class could not be rewritten (")
                .contains("); left as it was")
                .contains("the probe installer failed to transform");
        assertThat(r.err()).as("its row, not 0 calls").containsPattern("\\n +<not probed> +Picker::pick calls\\n")
                .containsPattern("\\n # Picker::pick <not probed>: its class could not be rewritten \\(\\w+\\), so the agent left"
                        + " it as it was; it ran uncounted\\n")
                .doesNotContain("matched no method");
    }

    @Test
    void aClassWithAMethodNoProbeFitsInRunsAsItWasAndItsRowsSayWhyOnJava17() throws Exception {
        tooLargeToProbe(17, "MethodTooLargeException");
    }

    @Test
    void aClassWithAMethodNoProbeFitsInRunsAsItWasAndItsRowsSayWhyOnJava25() throws Exception {
        tooLargeToProbe(25, "IllegalArgumentException");
    }

    /**
     * A class javac compiled with a method of 65,534 bytes of code ({@code x += 1} over and over), as generated parsers
     * and tables have: no probe fits in it, so neither transformer can rewrite the class. It loads and runs as it was, the
     * program prints what it prints without perfstat, and each of its matched methods (the small one too) has a row
     * {@code <not probed>} and a footer line that names the exception's class; no pattern "matched no method".
     */
    private void tooLargeToProbe(int java, String exception) throws Exception {
        Path home = Processes.jdk(java);
        assumeTrue(home != null, "no JDK " + java + " installed under /usr/lib/jvm");
        Path cp = Files.createDirectories(dir.resolve("huge"));
        compileHuge(cp);
        String bin = home.resolve("bin/java").toString();
        List<String> target = List.of(bin, "-cp", cp.toString(), "Huge", "7");
        Processes.Result bare = Processes.run(dir, target);
        assertThat(bare.out()).isEqualTo("7 calls, sum " + (7 * HUGE_INCREMENTS + 2 * 21 + 7) + "\n");
        List<String> a = new java.util.ArrayList<>(List.of("stat", "-e", "task-clock", "--probes", "Huge::big;Huge::small", "--"));
        a.addAll(target);
        Processes.Result r = Processes.perfstat(dir, a.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).as("the host's result, unchanged").isEqualTo(bare.out());
        for (String m : List.of("Huge::big", "Huge::small")) {
            assertThat(r.err()).containsPattern("\\n +<not probed> +" + Pattern.quote(m) + " calls\\n")
                    .contains("\n # " + m + " <not probed>: its class could not be rewritten (" + exception + "), so the agent"
                            + " left it as it was; it ran uncounted\n");
        }
        assertThat(r.err()).contains("perfstat agent: cannot probe Huge: the class could not be rewritten (")
                .doesNotContain("matched no method").doesNotContainPattern("\\n +0 +Huge::");
    }

    /** {@code x += 1} as many times as 65,535 bytes of code hold with the method's load and return (3 bytes each). */
    private static final int HUGE_INCREMENTS = 21_844;

    /** Writes and compiles (for Java 17) {@code Huge}: {@code big(x)} adds 1 to x HUGE_INCREMENTS times, {@code small(x)} is x + 1. */
    private static void compileHuge(Path out) throws java.io.IOException {
        StringBuilder src = new StringBuilder("public final class Huge {\n    static int big(int x) {\n");
        src.append("        x += 1;\n".repeat(HUGE_INCREMENTS));
        src.append("        return x;\n    }\n\n    static int small(int x) {\n        return x + 1;\n    }\n\n")
                .append("    public static void main(String[] args) {\n        int calls = Integer.parseInt(args[0]);\n")
                .append("        long sum = 0;\n        for (int i = 0; i < calls; i++) {\n")
                .append("            sum += big(i) + small(i);\n        }\n")
                .append("        System.out.println(calls + \" calls, sum \" + sum);\n    }\n}\n");
        Path file = Files.writeString(out.resolve("Huge.java"), src);
        int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "17", "-d", out.toString(),
                file.toString());
        assertThat(rc).as("javac Huge.java").isZero();
    }

    /** Copies the class files under {@code from/pkg} whose names start with {@code prefix} to {@code to/pkg}. */
    private static void copy(Path from, Path to, String pkg, String prefix) throws java.io.IOException {
        Path target = Files.createDirectories(to.resolve(pkg));
        try (java.util.stream.Stream<Path> files = Files.list(from.resolve(pkg))) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith(prefix)).toList()) {
                Files.copy(f, target.resolve(f.getFileName()));
            }
        }
    }

    /** Runs ProbeShapes bare and under stat with every method probed; checks the rows; the class-loading log. */
    private String probed(Path home) throws Exception {
        String bin = home.resolve("bin/java").toString();
        String cp = Path.of(perfstat.itapp.ProbeShapes.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Processes.Result bare = Processes.run(dir, List.of(bin, "-cp", cp, "perfstat.itapp.ProbeShapes", "" + CALLS));
        assertThat(bare.code()).as(bare.err()).isZero();
        Path log = dir.resolve("classes.log");
        Processes.Result r = Processes.perfstat(dir, "stat", "-e", "task-clock", "--timing", "exact",
                "--probes", "perfstat.itapp.ProbeShapes", "--", bin, "-Xlog:class+load=info:file=" + log, "-cp", cp,
                "perfstat.itapp.ProbeShapes", "" + CALLS);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).as("the target's output, unchanged by its probes").isEqualTo(bare.out());
        for (String row : ROWS) {
            String name = Pattern.quote(row);
            assertThat(r.err()).containsPattern("\\n +" + CALLS + " +" + name + " calls")
                    .containsPattern("\\n +[0-9]+ ns +" + name + " p99 +# +" + CALLS + " timed calls");
        }
        assertThat(r.err()).containsPattern("\\n +1 +ProbeShapes::main calls");
        assertThat(r.err()).containsPattern("msec   perfstat transforming classes +# +[0-9.]+% of whole process");
        assertThat(r.err()).doesNotContain("cannot probe").doesNotContain("failed to transform");
        return Files.readString(log);
    }
}
