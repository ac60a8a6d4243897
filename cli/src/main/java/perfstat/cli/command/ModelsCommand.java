package perfstat.cli.command;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import perfstat.models.Models;
import perfstat.models.spi.Model;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code perfstat models}: each model with its variants and workloads, one line each. */
@Command(name = "models", mixinStandardHelpOptions = true, description = "List the models, their variants and workloads.")
public final class ModelsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int width = nameWidth();
        String variant = "  variant   %-" + width + "s %s%n";
        String workload = "  workload  %-" + width + "s %s [%s, %s is better]%n";
        for (Model<?> m : Models.all()) {
            out.printf("%s: %s (probe set %s)%n", m.name(), m.description(), m.probeSet());
            for (Model.Variant<?> v : m.variants()) {
                out.printf(variant, v.name(), v.description());
            }
            for (Model.WorkloadInfo<?> w : m.workloads()) {
                out.printf(workload, w.name(), w.description(), w.scoreUnit(),
                        w.higherIsBetter() ? "higher" : "lower");
                if (!w.options().isEmpty()) {
                    out.printf("  %-" + (width + 10) + "s --option %s%n", "", String.join("=N, ", w.options()) + "=N");
                }
            }
        }
        out.flush();
        return 0;
    }

    /** The longest variant or workload name, so that the descriptions line up in one column (14 at least). */
    private static int nameWidth() {
        int w = 14;
        for (Model<?> m : Models.all()) {
            for (Model.Variant<?> v : m.variants()) {
                w = Math.max(w, v.name().length());
            }
            for (Model.WorkloadInfo<?> wl : m.workloads()) {
                w = Math.max(w, wl.name().length());
            }
        }
        return w;
    }
}
