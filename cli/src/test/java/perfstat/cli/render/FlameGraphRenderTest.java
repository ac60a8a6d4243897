package perfstat.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import perfstat.cli.read.RunData;
import perfstat.cli.stats.Comparison;
import perfstat.cli.stats.Table;
import org.junit.jupiter.api.Test;

/** The samples' stacks as a table carries them: folded for flame-graph tools, and the differential graph in HTML. */
class FlameGraphRenderTest {
    private static final Map<String, Long> OLD = Map.of("app.Main::main;app.Old::work", 600L, "app.Main::main;app.Same::work", 400L);
    private static final Map<String, Long> NEW = Map.of("app.Main::main;app.New::work", 500L, "app.Main::main;app.Same::work", 500L);

    /** {@code recordings} recordings a side (the flame graph's verdicts are judged over them). */
    private static Table table(int recordings) {
        return Comparison.ofColumns(List.of(perfstat.cli.stats.FlameGraphTest.recordings(recordings, OLD),
                perfstat.cli.stats.FlameGraphTest.recordings(recordings, NEW)), List.of("old", "new"), Comparison.Options.DEFAULT);
    }

    private static String render(OutputFormat f, Table t) {
        StringWriter w = new StringWriter();
        f.render(t, new PrintWriter(w));
        return w.toString();
    }

    @Test
    void collapsedHasEachSidesFoldedStacks() {
        assertThat(render(OutputFormat.COLLAPSED, table(1))).isEqualTo("# old\napp.Main::main;app.Old::work 600\n"
                + "app.Main::main;app.Same::work 400\n# new\napp.Main::main;app.New::work 500\napp.Main::main;app.Same::work 500\n");
    }

    @Test
    void theHtmlHasADifferentialFlameGraphWithBothSidesFrames() {
        String html = render(OutputFormat.HTML, table(5));
        assertThat(html).contains("<h2>differential flame graph: new against old</h2>").contains("<svg class=\"flame\"")
                .doesNotContain("<script");
        // the frame of the base only is drawn, blue and strong (significant), with both shares on hover
        assertThat(html).containsPattern("<g class=\"frame\" data-verdict=\"significant\" data-base=\"0.600000\" "
                + "data-other=\"0.000000\"><title>app.Old::work\nold: 60.00%  new: 0.00%  \\(-60.00 pp\\)\nsignificant \\(p=");
        assertThat(html).contains("fill=\"hsl(220,85%,45%)\"").contains(">Old::work</text>");
        assertThat(html.split("<g class=\"frame\"", -1)).hasSize(5); // main, New, Old, Same
    }
}
