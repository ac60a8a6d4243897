package perfstat.cli.render;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import perfstat.cli.stats.Table;

/**
 * {@code --format collapsed}: each configuration's method samples as folded stacks, the
 * format of flamegraph.pl, speedscope and async-profiler's converters ({@code root;…;top COUNT},
 * one stack a line), its recordings summed. Each configuration's stacks follow a comment line
 * that names it ({@code # old}); a tool that reads one profile takes the lines of one side,
 * e.g. {@code sed -n '/^# new$/,/^# /p'}, or its own file per side from {@code compare -o}.
 */
final class CollapsedRenderer {
    private CollapsedRenderer() {
    }

    static void render(Table t, PrintWriter out) {
        renderAll(List.of(t), out);
    }

    static void renderAll(List<Table> tables, PrintWriter out) {
        for (Table t : tables) {
            List<Map<String, Long>> folded = t.stacks().folded();
            for (int c = 0; c < folded.size(); c++) {
                String label = t.stacks().labels().get(c);
                out.println("# " + (tables.size() > 1 ? t.subject() + " " : "") + label);
                folded.get(c).forEach((stack, n) -> out.println(stack.replace(' ', '_') + " " + n));
            }
        }
        out.flush();
    }
}
