package perfstat.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.IntervalLog;
import perfstat.cli.read.RunData;
import perfstat.cli.stats.StatSummary;
import perfstat.format.CounterStatus;

/**
 * attach -I's rows: the closing read of a window that comes just after the last regular one (0.7 ms later on a JDK 25
 * target, with lower counts: -135 context-switches, 16.72 msec task-clock at 24.5 CPUs utilized) is folded into the
 * interval before it, and no count is ever negative.
 */
class IntervalRowsTest {
    private static final long MS = 1_000_000L;

    /** A read at {@code atNs} into the window: task-clock and context-switches, cumulative. */
    private static IntervalLog.Batch read(long atNs, long taskClockNs, long switches) {
        return new IntervalLog.Batch(List.of(
                new RunData.PerfCounter("task-clock", taskClockNs, atNs, atNs, CounterStatus.COUNTED, "", atNs, 0, ""),
                new RunData.PerfCounter("context-switches", switches, atNs, atNs, CounterStatus.COUNTED, "", atNs, 0, "")),
                List.of());
    }

    private record Printed(double seconds, List<StatSummary.Line> lines) {
    }

    @Test
    void theClosingStubFoldsIntoTheIntervalBeforeAndNoCountIsNegative() {
        List<Printed> printed = new ArrayList<>();
        IntervalRows rows = new IntervalRows(2000 * MS, 500 * MS, (s, lines) -> printed.add(new Printed(s, lines)));
        rows.base(read(0, 0, 0));
        rows.batch(read(500 * MS, 400 * MS, 100));
        rows.batch(read(1000 * MS, 800 * MS, 200));
        rows.batch(read(1500 * MS, 1200 * MS, 300));
        rows.batch(read(2000 * MS, 1600 * MS, 400)); // the last regular read: held
        assertThat(printed).hasSize(3);
        rows.batch(read(2000 * MS + 700_000, 1616 * MS, 265)); // the closing read, 0.7 ms later, fewer switches
        rows.flush();
        assertThat(printed).hasSize(4);
        Printed last = printed.get(3);
        assertThat(last.seconds()).isEqualTo(2.0007);
        assertThat(last.lines().get(0).value().value()).isEqualTo(416.0); // 1600 to 1616 ms: 500.7 ms of interval
        assertThat(last.lines().get(1).value().measured()).isFalse(); // 300 to 265: not a count
        for (Printed p : printed) {
            for (StatSummary.Line l : p.lines()) {
                assertThat(!l.value().measured() || l.value().value() >= 0).as(l.event() + " at " + p.seconds()).isTrue();
            }
        }
    }

    @Test
    void aReadOlderThanTheLastIsLeftOutAndAHeldReadPrintsAtTheEnd() {
        List<Printed> printed = new ArrayList<>();
        IntervalRows rows = new IntervalRows(1000 * MS, 500 * MS, (s, lines) -> printed.add(new Printed(s, lines)));
        rows.batch(read(500 * MS, 400 * MS, 100));
        rows.batch(read(400 * MS, 300 * MS, 90)); // appended late by another thread
        rows.batch(read(1000 * MS, 900 * MS, 150)); // held: the window closes within half an interval
        assertThat(printed).extracting(Printed::seconds).containsExactly(0.5);
        rows.flush(); // the window ended without a closing read
        assertThat(printed).extracting(Printed::seconds).containsExactly(0.5, 1.0);
        assertThat(printed.get(1).lines().get(0).value().value()).isEqualTo(500.0);
    }
}
