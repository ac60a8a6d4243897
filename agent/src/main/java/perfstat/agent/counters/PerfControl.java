package perfstat.agent.counters;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * perf stat's control FIFO ({@code perf stat --delay=-1 --control fifo:CTL[,ACK]}), which the
 * agent tells {@code enable} when its counters open and {@code disable} after its last read,
 * so that perf counts exactly perfstat's window. perf reads its FIFO when it is next scheduled,
 * which on a busy machine is milliseconds later; with the acknowledgement FIFO the agent waits
 * for perf's {@code ack}, so the program does not run on in a window perf has not opened yet.
 * The wait blocks rather than polls: a poll's every sleep would be a context switch that
 * perfstat counts and perf, not yet enabled, does not.
 * <p>
 * Neither FIFO may hang the host: both are opened read-write, which on Linux never blocks; a
 * daemon thread of the agent's reads the acknowledgements, and a command waits for one at most
 * {@link #ACK_WAIT_NS}; a failed write is ignored.
 */
public final class PerfControl {
    /** The longest the agent waits for perf's acknowledgement of one command. */
    static final long ACK_WAIT_NS = TimeUnit.SECONDS.toNanos(1);

    private final RandomAccessFile fifo;
    /** perf's acknowledgements as the reader thread gets them; null where none are asked for. */
    private final BlockingQueue<String> acks;

    /**
     * @param path perf's control FIFO
     * @param ackPath perf's acknowledgement FIFO, or null not to wait
     */
    public PerfControl(String path, String ackPath) throws IOException {
        this.fifo = new RandomAccessFile(path, "rw");
        if (ackPath == null) {
            this.acks = null;
        } else {
            RandomAccessFile ack = new RandomAccessFile(ackPath, "rw");
            this.acks = new LinkedBlockingQueue<>();
            Thread reader = new Thread(() -> readAcks(ack, acks), "perfstat-perf-ack");
            reader.setDaemon(true);
            reader.start();
        }
    }

    private static void readAcks(RandomAccessFile ack, BlockingQueue<String> into) {
        try (ack) {
            String line;
            while ((line = ack.readLine()) != null) {
                into.add(line);
            }
        } catch (IOException e) {
            // perf has gone: a waiting command times out
        }
    }

    /**
     * Sends {@code command} and, with an acknowledgement FIFO, waits until perf acknowledges it.
     *
     * @return whether perf acknowledged it within the wait (true where there is nothing to wait for)
     */
    public synchronized boolean send(String command) {
        if (acks != null) {
            acks.clear(); // a late answer to an earlier command is not this one's
        }
        try {
            fifo.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return false; // perf has gone: nothing to line up with
        }
        if (acks == null) {
            return true;
        }
        try {
            return "ack".equals(acks.poll(ACK_WAIT_NS, TimeUnit.NANOSECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the host's interrupt is the host's
            return false;
        }
    }
}
