package perfstat.cli.launch;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import perfstat.agent.AgentOptions;
import perfstat.agent.recording.RecordingSession;
import perfstat.cli.user.UserError;

/**
 * One window of {@code perfstat attach}, from loading the agent to its recording in place.
 * The window ends in one of three ways, each noticed within a tenth of a second:
 * <ul>
 *   <li>its duration is over: the agent detaches and moves its recording into place;</li>
 *   <li>a signal to perfstat (SIGINT, SIGTERM, SIGHUP): perfstat sends the agent {@code stop},
 *       which ends the window at once, the same way;</li>
 *   <li>the target exits: its JVM writes the agent's recording ({@code FILE.part}, complete,
 *       as JFR stops every recording at exit) before the process is gone, and perfstat moves it
 *       into place itself.</li>
 * </ul>
 * Meanwhile the agent's lines (written to an owner-only side file, {@code messages=FILE})
 * are printed on perfstat's stderr as they come.
 */
public final class AttachWindow implements AutoCloseable {
    /** How a window ended. */
    public enum Ending { DURATION, TARGET_EXITED, SIGNAL }

    /**
     * How and when a window ended.
     *
     * @param seconds how long after it opened
     * @param signal  the signal that ended it ({@code SIGINT}, …), or null
     * @param status  the exit status the signal calls for (130, 143, 129), or 0
     */
    public record End(Ending how, double seconds, String signal, int status) {
    }

    private static final long POLL_MS = 50;
    /** How long the agent may take to write its recording once the window is over. */
    private static final long WRITE_MS = 60_000;

    private final String pid;
    private final Path out;
    private final Path part;
    private final Path messages;
    private final PrintWriter err;
    private final Interrupts interrupts;
    private volatile String signal;
    private volatile int signalStatus;
    private volatile long signalNs;
    private long openedNs;
    private long messagesRead;

    private AttachWindow(String pid, Path out, Path messages, PrintWriter err) {
        this.pid = pid;
        this.out = out;
        this.part = out.resolveSibling(out.getFileName() + ".part");
        this.messages = messages;
        this.err = err;
        this.interrupts = Interrupts.notifying((name, status) -> {
            signalNs = System.nanoTime();
            signalStatus = status;
            signal = name;
        });
    }

    /**
     * Loads the agent into {@code pid} with {@code options} (its lines sent to a side file of
     * perfstat's) to record into {@code out}; the window is open when this returns.
     */
    public static AttachWindow open(String pid, AgentOptions.Builder options, Path out, PrintWriter err) throws IOException {
        Path messages = Files.createTempFile("perfstat-attach-", ".messages"); // rw-------
        AttachWindow w = new AttachWindow(pid, out, messages, err);
        try {
            w.load(options.messages(messages.toString()));
            w.openedNs = System.nanoTime();
            w.printMessages();
            if (!Files.exists(w.part) && !Files.exists(out)) {
                throw UserError.data("the agent did not start in " + pid + (alive(pid) ? "" : " (the process exited)"));
            }
            return w;
        } catch (RuntimeException e) {
            w.close();
            throw e;
        }
    }

    /**
     * Loads the agent. A target that exits meanwhile is not refusing the agent: where its JVM
     * wrote the agent's recording as it exited, the window is that recording.
     */
    private void load(AgentOptions.Builder options) {
        boolean ran = pid.matches("[0-9]{1,18}") && alive(pid);
        try {
            Attacher.load(pid, AgentArgs.check(options).format());
        } catch (UserError e) {
            if (!ran || alive(pid)) {
                throw e;
            }
            if (!Files.isRegularFile(part) && !Files.isRegularFile(out)) {
                throw UserError.data(pid + " exited while the agent was loading");
            }
        }
    }

    /**
     * Waits until the window is over and its recording is in place: {@code durationMs} after it
     * opened, at a signal, or at the target's exit, whichever comes first. {@code tick} runs
     * every 50 ms meanwhile (interval rows).
     */
    public End await(long durationMs, Runnable tick) throws InterruptedException {
        long deadline = openedNs + (durationMs + WRITE_MS) * 1_000_000L;
        boolean stopSent = false;
        while (true) {
            tick.run();
            printMessages();
            if (Files.isRegularFile(out)) {
                return signal != null ? new End(Ending.SIGNAL, Math.max(0, signalNs - openedNs) / 1e9, signal, signalStatus)
                        : new End(Ending.DURATION, since(), null, 0);
            }
            if (!alive(pid)) {
                return targetExited();
            }
            if (signal != null && !stopSent) {
                stopSent = true;
                deadline = System.nanoTime() + WRITE_MS * 1_000_000L;
                stop();
            }
            if (System.nanoTime() > deadline) {
                throw UserError.data("the agent in " + pid + " wrote no recording within " + WRITE_MS / 1000
                        + " s of the window's end; the process runs on");
            }
            Thread.sleep(POLL_MS);
        }
    }

    /** Asks the agent to end the window now; the target may be gone meanwhile, which the next poll sees. */
    private void stop() {
        try {
            Attacher.load(pid, "stop");
        } catch (UserError e) {
            // exited meanwhile, or cannot be reached: the target's exit is noticed next
        }
    }

    private double since() {
        return (System.nanoTime() - openedNs) / 1e9;
    }

    /**
     * The target is gone: the recording its JVM wrote as it exited (the agent's {@code .part},
     * complete) becomes the named file, owner-only.
     */
    private End targetExited() {
        double at = since();
        printMessages();
        try {
            if (!Files.isRegularFile(out)) {
                if (!Files.isRegularFile(part) || Files.size(part) == 0) {
                    Files.deleteIfExists(part); // created empty by the agent, never written
                    throw UserError.data(pid + " exited " + String.format(java.util.Locale.ROOT, "%.1f", at)
                            + " s into the window before its JVM could write the recording (killed?)");
                }
                RecordingSession.ownerOnly(part);
                Files.move(part, out, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw UserError.data("cannot move " + part + " to " + out + ": " + e.getMessage());
        }
        return new End(Ending.TARGET_EXITED, at, signal, signal != null ? signalStatus : 0);
    }

    /** Whether {@code pid} still runs: exited processes are gone, or zombies until their parent reaps them. */
    static boolean alive(String pid) {
        if (!ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false)) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", pid, "stat"));
            int close = stat.lastIndexOf(')'); // the command name in parentheses may hold anything
            return close < 0 || close + 2 >= stat.length() || stat.charAt(close + 2) != 'Z';
        } catch (IOException | RuntimeException e) {
            return !Files.isDirectory(Path.of("/proc")) || Files.exists(Path.of("/proc", pid)); // no procfs: as ProcessHandle says
        }
    }

    /** Prints the agent's complete lines written since the last call, on perfstat's stderr. */
    private void printMessages() {
        try {
            byte[] all = Files.readAllBytes(messages);
            int end = all.length;
            while (end > messagesRead && all[end - 1] != '\n') {
                end--;
            }
            if (end > messagesRead) {
                err.print(new String(all, (int) messagesRead, end - (int) messagesRead, StandardCharsets.UTF_8));
                err.flush();
                messagesRead = end;
            }
        } catch (IOException e) {
            // the side file is gone: the lines are lost, not the window
        }
    }

    /** Signals back to their previous handling, the last of the agent's lines printed, the side file removed. */
    @Override
    public void close() {
        interrupts.close();
        printMessages();
        try {
            Files.deleteIfExists(messages);
        } catch (IOException e) {
            // a temporary file, owner-only
        }
    }
}
