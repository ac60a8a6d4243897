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
        for (Model<?> m : Models.all()) {
            out.printf("%s: %s (probe set %s)%n", m.name(), m.description(), m.probeSet());
            for (Model.Variant<?> v : m.variants()) {
                out.printf("  variant   %-14s %s%n", v.name(), v.description());
            }
            for (Model.WorkloadInfo<?> w : m.workloads()) {
                out.printf("  workload  %-14s %s [%s, %s is better]%n", w.name(), w.description(), w.scoreUnit(),
                        w.higherIsBetter() ? "higher" : "lower");
                if (!w.options().isEmpty()) {
                    out.printf("  %-24s --option %s%n", "", String.join("=N, ", w.options()) + "=N");
                }
            }
        }
        out.flush();
        return 0;
    }
}
