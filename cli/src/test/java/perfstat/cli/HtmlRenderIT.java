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
        Processes.Result r = Processes.perfstat(dir, "diff", "--format", "html",
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
}
