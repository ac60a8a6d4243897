package perfstat.agent.counters;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;

/**
 * perf stat's control FIFO ({@code perf stat --delay=-1 --control fifo:FIFO}), which the
 * agent tells {@code enable} when its counters open and {@code disable} after its last read,
 * so that perf counts exactly perfstat's window. The FIFO is opened read-write, which on
 * Linux never blocks, so a FIFO nobody reads cannot hang the host; a failed write is ignored.
 */
public final class PerfControl {
    private final RandomAccessFile fifo;

    public PerfControl(String path) throws IOException {
        this.fifo = new RandomAccessFile(path, "rw");
    }

    public synchronized void send(String command) {
        try {
            fifo.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // perf has gone: nothing to line up with
        }
    }
}
