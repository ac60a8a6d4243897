package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
        oneLine(run("frobnicate"), 2, "frobnicate");
        oneLine(run("diff", "--format", "xml", "a", "b"), 2, "--format");
        oneLine(run("compare", "fstime", "--variants", "unpatched"), 2, "at least two");
    }

    @Test
    void dataErrors() throws Exception {
        oneLine(run("report", dir.resolve("nope.jfr").toString()), 1, "no such file");
        Path text = Files.writeString(dir.resolve("x.jfr"), "hello");
        oneLine(run("diff", text.toString(), text.toString()), 1, "not a readable JFR recording");
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
}
