package perfstat.cli.render;

import java.io.PrintWriter;
import java.util.function.BiConsumer;
import perfstat.cli.stats.Table;

/** The output formats; each names its renderer. */
public enum OutputFormat {
    TABLE(TableRenderer::render),
    JSON(JsonRenderer::render),
    CSV(CsvRenderer::render),
    MARKDOWN(MarkdownRenderer::render),
    HTML(HtmlRenderer::render);

    private final BiConsumer<Table, PrintWriter> renderer;

    OutputFormat(BiConsumer<Table, PrintWriter> renderer) {
        this.renderer = renderer;
    }

    public void render(Table t, PrintWriter out) {
        renderer.accept(t, out);
    }

    /** As users type it: {@code table}, {@code json}, … (picocli lists the choices with it). */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
