package perfstat.cli.command;

import perfstat.agent.AgentOptions;
import perfstat.cli.user.UserError;
import picocli.CommandLine.Option;

/** Where the counters' window opens, for the commands that start a JVM with the agent: run, compare, stat. */
public final class WindowOptions {
    @Option(names = "--delay", paramLabel = "DURATION",
            description = "Open the counters' window this long after the JVM's start (500ms, 2s), as perf stat -D: counters,"
                    + " probes, hot methods and the JDK's rows count from there.")
    String delay;

    @Option(names = "--from", paramLabel = "METHOD",
            description = "Open the counters' window at the first call of this method (pkg.Class::method, probed for it),"
                    + " so that a warm-up before it is not counted; a method never called leaves the counts the whole run's,"
                    + " and the table says so.")
    String from;

    /** Puts these options into {@code b}; a malformed duration or method is a usage error (exit 2), before any JVM starts. */
    AgentOptions.Builder applyTo(AgentOptions.Builder b) {
        if (delay != null && from != null) {
            throw UserError.usage("--delay and --from exclude each other: the window opens at one of them");
        }
        try {
            if (delay != null) {
                b.text(AgentOptions.DELAY, delay);
            }
            if (from != null) {
                b.text(AgentOptions.FROM, from);
            }
        } catch (AgentOptions.BadOption e) {
            throw UserError.usage(e.getMessage().replace("option 'delay'", "--delay").replace("option 'from'", "--from"));
        }
        return b;
    }
}
