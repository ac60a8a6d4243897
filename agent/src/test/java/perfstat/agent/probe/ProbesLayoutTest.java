package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Two stripes never share a cache line, wherever the collector puts a probe's cell array: a
 * {@code long[]}'s elements are only 8-byte aligned, so every placement modulo a 64-byte line
 * is checked. With 64-byte stripes, the next stripe's count shared the line of this stripe's
 * owner copy in one placement of eight, and two threads with consecutive ids took that line
 * from each other on every probed call (docs/models/writepath.md, issue 25).
 */
class ProbesLayoutTest {
    private static final int CACHE_LINE = 64;

    @Test
    void stripesInUseNeverShareALine() {
        for (int start = 0; start < CACHE_LINE; start += Long.BYTES) {
            for (int s = 0; s + 1 < Probes.STRIPES; s++) {
                Set<Integer> mine = lines(start, s);
                Set<Integer> next = lines(start, s + 1);
                mine.retainAll(next);
                assertThat(mine).as("stripes %d and %d with the elements starting %d bytes into a line", s, s + 1, start)
                        .isEmpty();
            }
        }
    }

    @Test
    void theFieldsUsedFitInAStripe() {
        assertThat(Probes.USED).isLessThanOrEqualTo(Probes.LINE);
    }

    /** The cache lines that stripe {@code s}'s used longs lie on, for elements starting {@code start} bytes into a line. */
    private static Set<Integer> lines(int start, int s) {
        Set<Integer> lines = new HashSet<>();
        for (int k = 0; k < Probes.USED; k++) {
            lines.add((start + (s * Probes.LINE + k) * Long.BYTES) / CACHE_LINE);
        }
        return lines;
    }
}
