package perfstat.models.block;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The arrival hook on an idling queue, the decision b029195d, d6ceb25e and 2d870722 changed:
 * a task's sync read completes, CFQ idles for its next one, and it arrives as one page.
 */
class CfqTest {
    static final long MS = 1_000_000L;

    /** When the second read, arriving 1 ms into the idle window, reaches the driver. */
    private static long secondIssue(Cfq.Version v, boolean otherQueueBusy) {
        QueueHarness h = new QueueHarness(new Cfq(v), 31);
        h.bioAt(0, 0, true, 1);
        h.at(1, h.queue::blkUnplug);
        long[] issuedAt = {-1};
        h.runUntilCompleted(1);
        long t = h.sim.now() + MS;
        if (otherQueueBusy) {
            h.bioAt(t - 1, 50_000, true, 2); // another task's read waits
        }
        long before = h.stats.dispatches;
        h.bioAt(t, 1, true, 1);
        h.at(t + 1, () -> issuedAt[0] = h.stats.dispatches > before ? t : -1);
        h.runUntil(t + 200 * MS);
        return issuedAt[0];
    }

    @Test
    void theIdleTimerIsArmedWhenASyncQueueRunsDry() {
        Cfq cfq = new Cfq(Cfq.Version.V2_6_29);
        QueueHarness h = new QueueHarness(cfq, 31);
        h.bioAt(0, 0, true, 1);
        h.at(1, h.queue::blkUnplug);
        h.runUntil(100 * MS);
        java.util.Map<String, Long> c = new java.util.HashMap<>();
        cfq.counters(c);
        assertThat(c.get("cfq_idle_arms")).isEqualTo(1);
        assertThat(c.get("cfq_idle_fires")).isEqualTo(1);
    }

    @Test
    void in2629AnIdlingQueueIsRunAtOnce() {
        assertThat(secondIssue(Cfq.Version.V2_6_29, false)).isPositive();
    }

    @Test
    void in2630Rc1ItWaitsForAnUnplugOrTheIdleTimer() {
        assertThat(secondIssue(Cfq.Version.V2_6_30_RC1, false)).isEqualTo(-1);
        assertThat(secondIssue(Cfq.Version.V2_6_30_RC1, true)).isEqualTo(-1);
    }

    @Test
    void in2630ItWaitsForAOnePageRequestUnlessOtherQueuesAreBusy() {
        assertThat(secondIssue(Cfq.Version.V2_6_30, false)).isEqualTo(-1);
        assertThat(secondIssue(Cfq.Version.V2_6_30, true)).isPositive();
    }
}
