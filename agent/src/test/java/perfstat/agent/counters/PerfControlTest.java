package perfstat.agent.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerfControlTest {
    @TempDir
    Path dir;

    private Path fifo(String name) throws Exception {
        Path p = dir.resolve(name);
        Process mk = new ProcessBuilder("mkfifo", p.toString()).start();
        assumeTrue(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo is not available here");
        return p;
    }

    /** Plays perf: reads commands from the control FIFO and, after a delay, acknowledges each. */
    private Thread perf(Path ctl, Path ack, long delayMs, List<String> heard) {
        Thread t = new Thread(() -> {
            try (RandomAccessFile in = new RandomAccessFile(ctl.toFile(), "rw");
                    RandomAccessFile out = new RandomAccessFile(ack.toFile(), "rw")) {
                String line;
                while ((line = in.readLine()) != null) {
                    Thread.sleep(delayMs);
                    heard.add(line);
                    out.write("ack\n".getBytes(StandardCharsets.US_ASCII));
                }
            } catch (Exception e) {
                // the test ends
            }
        }, "fake-perf");
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void aCommandReturnsOnlyOncePerfHasActedOnIt() throws Exception {
        Path ctl = fifo("ctl");
        Path ack = fifo("ack");
        List<String> heard = new CopyOnWriteArrayList<>();
        perf(ctl, ack, 100, heard);
        PerfControl control = new PerfControl(ctl.toString(), ack.toString());
        assertThat(control.send("enable")).isTrue();
        assertThat(heard).containsExactly("enable"); // perf had acted before send returned
        assertThat(control.send("disable")).isTrue();
        assertThat(heard).containsExactly("enable", "disable");
    }

    @Test
    void withoutAnAcknowledgementFifoNothingWaits() throws Exception {
        Path ctl = fifo("ctl");
        PerfControl control = new PerfControl(ctl.toString(), null);
        assertThat(control.send("enable")).isTrue(); // nobody reads: the FIFO buffers it, and the host goes on
    }

    @Test
    void aPerfThatNeverAnswersCostsTheHostASecondAtMost() throws Exception {
        Path ctl = fifo("ctl");
        Path ack = fifo("ack");
        PerfControl control = new PerfControl(ctl.toString(), ack.toString());
        long start = System.nanoTime();
        assertThat(control.send("enable")).isFalse();
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(PerfControl.ACK_WAIT_NS)
                .isLessThan(PerfControl.ACK_WAIT_NS + TimeUnit.SECONDS.toNanos(20));
    }
}
