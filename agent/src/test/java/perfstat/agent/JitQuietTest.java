package perfstat.agent;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The wait for the JIT to be idle before the counters' window opens: bounded, and none when turned off. */
class JitQuietTest {
    @Test
    void turnedOffItReturnsAtOnce() {
        long t0 = System.nanoTime();
        long waited = JitQuiet.await(0);
        long took = (System.nanoTime() - t0) / 1_000_000;
        assertThat(waited).isZero();
        assertThat(took).isLessThan(50);
    }

    @Test
    void aCompilerThatKeepsWorkingIsWaitedForUpToTheBoundOnly() {
        long[] ns = {0};
        long waited = JitQuiet.await(150, () -> ns[0] += 1_000_000); // rising at every poll
        assertThat(waited).isBetween(150L, 150L + 200L);
    }

    @Test
    void anIdleCompilerIsWaitedForOnlyUntilItHasBeenStillForTheQuietSpell() {
        // still from the start: it returns once the quiet spell has passed, well before the 5 s bound (a loaded machine
        // stretches its polls' sleeps, so the spell's end is not timed closer than that)
        long waited = JitQuiet.await(5_000, () -> 42);
        assertThat(waited).isBetween((long) JitQuiet.QUIET_MS, 2_500L);
    }

    @Test
    void noCompilerThreadToReadMeansNoWait() {
        assertThat(JitQuiet.await(2_000, () -> -1)).isLessThan(100L);
    }

    @Test
    void onThisJvmItReturnsWithinItsBound() {
        long waited = JitQuiet.await(150);
        assertThat(waited).isBetween(0L, 150L + 200L);
    }
}
