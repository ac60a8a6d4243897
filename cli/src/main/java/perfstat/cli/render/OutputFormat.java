package perfstat.cli.render;

import java.io.PrintWriter;
import perfstat.cli.stats.Table;

/** The output formats; each names its renderer. */
public enum OutputFormat {
    TABLE {
        @Override
        public void render(Table t, PrintWriter out) {
            TableRenderer.render(t, out);
        }
    },
    JSON {
        @Override
        public void render(Table t, PrintWriter out) {
            JsonRenderer.render(t, out);
        }
    },
    CSV {
        @Override
        public void render(Table t, PrintWriter out) {
            CsvRenderer.render(t, out);
        }
    },
    MARKDOWN {
        @Override
        public void render(Table t, PrintWriter out) {
            MarkdownRenderer.render(t, out);
        }
    },
    HTML {
        @Override
        public void render(Table t, PrintWriter out) {
            HtmlRenderer.render(t, out);
        }
    };

    public abstract void render(Table t, PrintWriter out);
}
