package perfstat.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The table of options in docs/agent.md is the one the declarations make. */
class AgentOptionsDocsTest {
    private static final Path DOC = Path.of("..", "docs", "agent.md");
    private static final String HEADER = "| Option | Meaning |";

    @Test
    void theDocsTableIsTheDeclarations() throws IOException {
        String table = tableIn(Files.readAllLines(DOC));
        assertThat(table).as("docs/agent.md's table of options; the declarations' table "
                + "(java -cp agent/target/classes perfstat.agent.AgentOptions) is the expected one").isEqualTo(AgentOptions.docsTable());
    }

    @Test
    void everyOptionHasOneRow() {
        String table = AgentOptions.docsTable();
        for (AgentOption<?> o : AgentOptions.all()) {
            assertThat(table).containsOnlyOnce("| `" + o.key() + "=");
            assertThat(o.doc()).doesNotContain("\n").isNotBlank();
        }
    }

    /** The lines from the options table's header to the first line that is not a row. */
    static String tableIn(List<String> lines) {
        int from = lines.indexOf(HEADER);
        assertThat(from).as("a line " + HEADER + " in " + DOC).isNotNegative();
        StringBuilder t = new StringBuilder();
        for (int i = from; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            t.append(lines.get(i)).append('\n');
        }
        return t.toString();
    }
}
