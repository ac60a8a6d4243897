package perfstat.cli.command;

import java.util.List;
import perfstat.cli.user.UserError;
import perfstat.cli.read.RunData;
import perfstat.cli.stats.PerUnit;
import picocli.CommandLine.Option;

/** {@code --per NAME}: each counter per unit of work beside its total, as JMH's perfnorm gives it for a benchmark. */
public final class PerOption {
    @Option(names = "--per", paramLabel = "NAME",
            description = "Add each counter per unit of work beside its total (task-clock per write, in ns), judged like any"
                    + " row: NAME is a probed method (its calls, e.g. Vfs::write), a model counter (write_calls) or a score"
                    + " counted in units; none: no such rows (default: a model's natural unit, e.g. fstime's write).")
    String per;

    /** What the rows per unit divide by. */
    PerUnit unit() {
        try {
            return PerUnit.of(per);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    /** The same, refused as a usage error (exit 2, the nearest names) where no recording of {@code runs} counts it. */
    PerUnit checked(List<RunData> runs) {
        PerUnit u = unit();
        try {
            u.check(runs);
        } catch (PerUnit.UnknownUnit e) {
            throw UserError.usage(e.getMessage());
        }
        return u;
    }
}
