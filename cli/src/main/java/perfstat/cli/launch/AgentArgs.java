package perfstat.cli.launch;

import java.nio.file.Path;
import perfstat.agent.AgentOptions;
import perfstat.cli.user.UserError;

/** The CLI's side of the agent's options: checked as they are made, formatted once onto the command line. */
public final class AgentArgs {
    private AgentArgs() {
    }

    /**
     * The options the builder holds, with every value and every probe set's name checked:
     * a bad one is a usage error (exit 2), found before any JVM starts.
     */
    public static AgentOptions check(AgentOptions.Builder b) {
        try {
            AgentOptions o = b.build();
            o.filters(); // resolves the probe sets: an unknown name fails here, not in the child
            return o;
        } catch (AgentOptions.BadOption e) {
            throw UserError.usage(e.getMessage());
        }
    }

    /** {@code -javaagent:JAR=OPTIONS} with {@code options} writing to {@code out} (and its interval log, or null). */
    static String javaagent(Path jar, AgentOptions options, String out, String intervalLog) {
        AgentOptions.Builder b = options.toBuilder().out(out);
        if (intervalLog != null) {
            b.intervalLog(intervalLog);
        }
        String formatted = check(b).format();
        return "-javaagent:" + jar + (formatted.isEmpty() ? "" : "=" + formatted);
    }
}
