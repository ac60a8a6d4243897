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
    HTML(HtmlRenderer::render),
    COLLAPSED(CollapsedRenderer::render);

    private final BiConsumer<Table, PrintWriter> renderer;

    OutputFormat(BiConsumer<Table, PrintWriter> renderer) {
        this.renderer = renderer;
    }

    public void render(Table t, PrintWriter out) {
        renderer.accept(t, out);
    }

    /**
     * As {@link #render(Table, PrintWriter)}; {@code all} makes the text table print every row, hot method and note
     * (the other formats always carry them all).
     */
    public void render(Table t, PrintWriter out, boolean all) {
        if (this == TABLE) {
            TableRenderer.render(t, out, Formats.colour(), all);
        } else {
            render(t, out);
        }
    }

    /** Several tables, as {@link #render(java.util.List, PrintWriter)}; {@code all} as for one. */
    public void render(java.util.List<Table> tables, PrintWriter out, boolean all) {
        if (this != TABLE || tables.size() == 1) {
            if (tables.size() == 1) {
                render(tables.get(0), out, all);
                out.flush();
            } else {
                render(tables, out);
            }
            return;
        }
        for (int i = 0; i < tables.size(); i++) {
            if (i > 0) {
                out.println();
            }
            render(tables.get(i), out, all);
        }
        out.flush();
    }

    /**
     * Several tables, as a diff of two JMH runs prints one per benchmark: in turn for the text
     * formats; JSON as an array of the tables' objects; CSV under one header, each line's
     * configuration prefixed by its table's subject; HTML as one page of sections.
     */
    public void render(java.util.List<Table> tables, PrintWriter out) {
        if (tables.size() == 1) {
            render(tables.get(0), out);
            return;
        }
        switch (this) {
            case JSON -> JsonRenderer.renderAll(tables, out);
            case CSV -> CsvRenderer.renderAll(tables, out);
            case HTML -> HtmlRenderer.renderAll(tables, out);
            case COLLAPSED -> CollapsedRenderer.renderAll(tables, out);
            default -> {
                for (int i = 0; i < tables.size(); i++) {
                    if (i > 0) {
                        out.println();
                    }
                    render(tables.get(i), out);
                }
            }
        }
        out.flush();
    }

    /** As users type it: {@code table}, {@code json}, … (picocli lists the choices with it). */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
