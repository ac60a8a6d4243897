package perfstat.models.block;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestQueueTest {
    static final long MS = 1_000_000L;

    @Test
    void theUnplugTimerFiresThreeMillisecondsAfterThePlug() {
        QueueHarness h = new QueueHarness(new Noop(), 31);
        h.bioAt(10 * MS, 0, false, 1);
        h.at(10 * MS + 1, () -> assertThat(h.queue.plugged()).isTrue());
        h.at(13 * MS - 1, () -> assertThat(h.stats.dispatches).isZero());
        h.runUntil(100 * MS);
        assertThat(h.stats.plugs).isEqualTo(1);
        assertThat(h.stats.timerUnplugs).isEqualTo(1);
        assertThat(h.stats.ioUnplugs).as("kblockd's unplug after the timer").isEqualTo(1);
        assertThat(h.stats.dispatches).isEqualTo(1);
        assertThat(h.completed).hasSize(1);
    }

    @Test
    void anEarlierUnplugCancelsTheTimer() {
        QueueHarness h = new QueueHarness(new Noop(), 31);
        h.bioAt(10 * MS, 0, false, 1);
        h.at(11 * MS, h.queue::blkUnplug);
        h.at(11 * MS + 1, () -> assertThat(h.stats.dispatches).isEqualTo(1));
        h.runUntil(100 * MS);
        assertThat(h.stats.timerUnplugs).isZero();
        assertThat(h.stats.ioUnplugs).isEqualTo(1);
    }

    @Test
    void fourQueuedRequestsUnplugAtOnceWithoutAnUnplugTrace() {
        QueueHarness h = new QueueHarness(new Noop(), 31);
        for (int i = 0; i < 4; i++) {
            h.bioAt(10 * MS, i * 100, false, 1); // not contiguous: four requests
        }
        h.at(10 * MS + 1, () -> assertThat(h.stats.dispatches).as("dispatched at the threshold").isPositive());
        h.runUntil(200 * MS);
        assertThat(h.stats.getRequests).isEqualTo(4);
        assertThat(h.stats.timerUnplugs).isZero();
        assertThat(h.stats.ioUnplugs).isZero();
        assertThat(h.stats.dispatches).isEqualTo(4);
    }

    @Test
    void contiguousBiosMergeUpToMaxSectorsAndNoFurther() {
        QueueHarness h = new QueueHarness(new Noop(), 31);
        int pages = RequestQueue.MAX_SECTORS / Bio.SECTORS;
        for (int p = 0; p < pages + 1; p++) {
            h.bioAt(10 * MS, p, false, 1);
        }
        h.runUntil(200 * MS);
        assertThat(h.stats.backMerges).isEqualTo(pages - 1);
        assertThat(h.stats.getRequests).isEqualTo(2);
        assertThat(h.stats.sizes[pages]).isEqualTo(1);
        assertThat(h.stats.sizes[1]).isEqualTo(1);
    }

    @Test
    void frontMergesJoinTheRequestThatStartsWhereTheBioEnds() {
        QueueHarness h = new QueueHarness(new Cfq(Cfq.Version.V2_6_30), 31);
        h.bioAt(10 * MS, 5, false, 1);
        h.bioAt(10 * MS, 4, false, 1);
        h.bioAt(10 * MS, 3, false, 1);
        h.runUntil(200 * MS);
        assertThat(h.stats.frontMerges).isEqualTo(2);
        assertThat(h.stats.dispatches).isEqualTo(1);
        assertThat(h.stats.sizes[3]).isEqualTo(1);
    }

    @Test
    void aDispatchedRequestNeverAcceptsAMerge() {
        for (Elevator e : new Elevator[] {new Noop(), new Cfq(Cfq.Version.V2_6_29), new Cfq(Cfq.Version.V2_6_30)}) {
            QueueHarness h = new QueueHarness(e, 31);
            h.bioAt(10 * MS, 0, false, 1);
            h.at(10 * MS + 1, h.queue::blkUnplug); // the driver starts it
            h.bioAt(10 * MS + 2, 1, false, 1);     // contiguous with the started request
            h.runUntil(200 * MS);
            assertThat(h.stats.backMerges).as(e.getClass().getSimpleName()).isZero();
            assertThat(h.stats.getRequests).isEqualTo(2);
            assertThat(h.stats.dispatches).isEqualTo(2);
        }
    }

    @Test
    void allocatorsSleepAtOneHundredTwentyEightRequestsAndWakeAsRequestsComplete() {
        QueueHarness h = new QueueHarness(new Noop(), 1);
        h.at(0, h.queue::plug); // hold everything back
        for (int i = 0; i < 130; i++) {
            h.bioAt(0, i * 1000, false, 1);
        }
        h.at(1, () -> {
            assertThat(h.queue.allocated()).isEqualTo(RequestQueue.NR_REQUESTS);
            assertThat(h.queue.congested()).isTrue();
        });
        h.runUntil(10_000 * MS);
        assertThat(h.stats.sleeps).isEqualTo(2);
        assertThat(h.stats.completed).isEqualTo(130);
        assertThat(h.queue.allocated()).isZero();
        assertThat(h.queue.congested()).isFalse();
        assertThat(h.queue.idleViolation()).isNull();
    }
}
