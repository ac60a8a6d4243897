package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code diff --format html} opened in a real headless browser: Chromium (Debian's package;
 * .ci/run installs it) loads the file with the network off, and the DOM it built holds the
 * table, a percentile plot with one curve per configuration, and the score's samples; its
 * screenshot is kept in target/ for a person to look at. Skipped, saying why, without Chromium.
 */
class HtmlRenderIT {
    @TempDir
    Path dir;

    private static List<String> chromium(Path profile, String... args) {
        List<String> cmd = new ArrayList<>(List.of("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile));
        cmd.addAll(List.of(args));
        return cmd;
    }

    @Test
    void theHtmlReportRendersInChromium() throws Exception {
        assumeTrue(Processes.run(dir, List.of("sh", "-c", "command -v chromium")).code() == 0,
                "chromium is not installed (apt-get install chromium)");
        Path root = Path.of(System.getProperty("perfstat.root")).toAbsolutePath().normalize();
        Processes.Result r = Processes.read(dir, "diff", "--format", "html",
                root.resolve("recordings/fstime-unpatched.jfr").toString(), root.resolve("recordings/fstime-patched.jfr").toString());
        assertThat(r.code()).as(r.err()).isZero();
        Path html = dir.resolve("report.html");
        Files.writeString(html, r.out());
        // self-contained: nothing to fetch (the SVG namespace is a name, not a request)
        assertThat(r.out()).doesNotContainPattern("(src|href)=\"?https?:").doesNotContain("<link").doesNotContain("<script");

        Processes.Result dom = Processes.run(dir, chromium(dir.resolve("p1"), "--dump-dom", html.toUri().toString()));
        assertThat(dom.code()).as(dom.err()).isZero();
        assertThat(dom.out()).contains("<table id=\"comparison\">").contains("fstime (KB/s)")
                .contains("Performance counter stats for 'fstime'");
        assertThat(dom.out().split("class=\"curve\"", -1)).as("one curve per configuration").hasSize(3);
        assertThat(dom.out().split("class=\"sample\"", -1).length - 1).as("each interval's score, both sides").isEqualTo(20);

        Path shot = Path.of("target", "html-report.png").toAbsolutePath();
        Files.deleteIfExists(shot);
        Processes.Result png = Processes.run(dir, chromium(dir.resolve("p2"), "--window-size=1100,1500",
                "--screenshot=" + shot, html.toUri().toString()));
        assertThat(png.code()).as(png.err()).isZero();
        assertThat(Files.size(shot)).as("a page with a table and two plots, not a blank one").isGreaterThan(50_000);
    }

    /**
     * compare of two commands, its HTML in Chromium: the differential flame graph is drawn from the
     * method samples the agent records by default, with both sides' shares on each frame; and the
     * recordings kept per side under -o, which diff reads again.
     */
    @Test
    @org.junit.jupiter.api.Tag("heavy") // a compare of commands of its own (17 s): bin/test -Pheavy
    void compareOfTwoCommandsDrawsADifferentialFlameGraph() throws Exception {
        assumeTrue(Processes.run(dir, List.of("sh", "-c", "command -v chromium")).code() == 0,
                "chromium is not installed (apt-get install chromium)");
        String classes = Path.of(perfstat.itapp.CounterWorkload.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI()).toString();
        Processes.Result r = Processes.perfstat(dir, "compare", "-r", "1", "-e", "task-clock", "--format", "html", "-o",
                dir.resolve("ab").toString(), "--name", "short", "--", Processes.java(), "-cp", classes,
                "perfstat.itapp.CounterWorkload", "400", ":::", "--name", "long", "--", Processes.java(), "-cp", classes,
                "perfstat.itapp.CounterWorkload", "1200");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("perfstat compare: short, run 1 of 1").contains("perfstat compare: long, run 1 of 1");
        assertThat(dir.resolve("ab/short/short.1.jfr")).isRegularFile();
        assertThat(dir.resolve("ab/long/long.1.jfr")).isRegularFile();
        Path html = dir.resolve("compare.html");
        Files.writeString(html, r.out());
        assertThat(r.out()).doesNotContainPattern("(src|href)=\"?https?:").doesNotContain("<script");
        Processes.Result dom = Processes.run(dir, chromium(dir.resolve("p3"), "--dump-dom", html.toUri().toString()));
        assertThat(dom.code()).as(dom.err()).isZero();
        assertThat(dom.out()).contains("differential flame graph: long against short").contains("<svg class=\"flame\"");
        assertThat(dom.out().split("<g class=\"frame\"", -1).length - 1).as("frames drawn").isGreaterThan(3);
        assertThat(dom.out()).containsPattern("CounterWorkload::spin\nshort: [0-9.]+%  long: [0-9.]+%");
        Path shot = Path.of("target", "html-flame.png").toAbsolutePath();
        Files.deleteIfExists(shot);
        Processes.Result png = Processes.run(dir, chromium(dir.resolve("p4"), "--window-size=1400,1500",
                "--screenshot=" + shot, html.toUri().toString()));
        assertThat(png.code()).as(png.err()).isZero();
    }
}
