package perfstat.cli.command;

import java.io.PrintWriter;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;

/**
 * How far a long read has gone, on stderr: nothing for a read that is over within {@link #QUIET_NS}; after that a
 * line such as {@code diff: read 412 of 2000 recordings (1000 a side)}, rewritten in place on a terminal (every
 * 0.25 s) and a line every {@link #EVERY_NS} elsewhere (a log keeps each), and the last count when it is done.
 */
final class Progress implements IntConsumer {
    static final long QUIET_NS = 1_500_000_000L;
    static final long EVERY_NS = 2_000_000_000L;
    private static final long TERMINAL_EVERY_NS = 250_000_000L;

    private final PrintWriter err;
    private final String prefix;
    private final int total;
    private final String suffix;
    private final boolean terminal;
    private final LongSupplier clock;
    private final long start;
    private long printed;
    private boolean any;

    /**
     * @param err      where the lines go
     * @param prefix   the command's name and the verb, {@code diff: read}
     * @param total    how many there are to read
     * @param suffix   what follows the count, {@code recordings (1000 a side)}
     * @param terminal whether {@code err} is a terminal (a line rewritten in place)
     * @param clock    nanoseconds, as {@link System#nanoTime}
     */
    Progress(PrintWriter err, String prefix, int total, String suffix, boolean terminal, LongSupplier clock) {
        this.err = err;
        this.prefix = prefix;
        this.total = total;
        this.suffix = suffix;
        this.terminal = terminal;
        this.clock = clock;
        this.start = clock.getAsLong();
    }

    /**
     * Whether this process's stderr is a terminal: where /proc says (its fd 2 a tty or pty), else the console's own
     * answer, which is about stdin and stdout (a newcomer's {@code diff … > out.txt} on a terminal got a line every 2 s).
     */
    static boolean terminal() {
        try {
            String fd2 = java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/2")).toString();
            return fd2.startsWith("/dev/pts/") || fd2.startsWith("/dev/tty");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            java.io.Console c = System.console();
            return c != null && c.isTerminal();
        }
    }

    @Override
    public void accept(int done) {
        long now = clock.getAsLong();
        if (now - start < QUIET_NS) {
            return;
        }
        boolean last = done >= total;
        if (!last && any && now - printed < (terminal ? TERMINAL_EVERY_NS : EVERY_NS)) {
            return;
        }
        String text = prefix + " " + done + " of " + total + " " + suffix;
        if (terminal) {
            err.print("\r" + text + (last ? "\n" : ""));
        } else {
            err.println(text);
        }
        err.flush();
        printed = now;
        any = true;
    }

    /** Whether any line was printed. */
    boolean shown() {
        return any;
    }
}
