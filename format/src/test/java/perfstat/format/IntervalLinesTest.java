package perfstat.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The interval log's lines read back as written, and a torn line as nothing. */
class IntervalLinesTest {
    @Test
    void eachKindOfLineReadsBackAsWritten() {
        String c = IntervalLines.counter(1_000_000, "task-clock", 123_456, 1_000, 900, CounterStatus.COUNTED, "perf_event_open");
        assertThat(IntervalLines.parse(c)).isEqualTo(new IntervalLines.Counter(1_000_000, "task-clock", 123_456, 1_000, 900,
                CounterStatus.COUNTED, "perf_event_open"));
        String r = IntervalLines.role(5, ThreadRole.JIT, 77, 3, 4, 2, "procfs schedstat (ns)");
        assertThat(IntervalLines.parse(r)).isEqualTo(new IntervalLines.Role(5, ThreadRole.JIT, 77, 3, 4, 2,
                "procfs schedstat (ns)"));
        assertThat(IntervalLines.parse(IntervalLines.marker(true, 9))).isEqualTo(new IntervalLines.Marker(true, 9));
        assertThat(IntervalLines.parse(IntervalLines.marker(false, 9))).isEqualTo(new IntervalLines.Marker(false, 9));
        // a counter line of an older agent, without its source
        assertThat(IntervalLines.parse("1\tpage-faults\t2\t3\t3\t" + CounterStatus.COUNTED.token()))
                .isEqualTo(new IntervalLines.Counter(1, "page-faults", 2, 3, 3, CounterStatus.COUNTED, ""));
    }

    @Test
    void aTornLineIsNothing() {
        String c = IntervalLines.counter(1_000_000, "task-clock", 123_456, 1_000, 900, CounterStatus.COUNTED, "perf_event_open");
        assertThat(IntervalLines.parse(c.substring(0, 12))).isNull();
        assertThat(IntervalLines.parse("end\t12x")).isNull();
        assertThat(IntervalLines.parse("")).isNull();
        assertThat(IntervalLines.parse(IntervalLines.role(5, ThreadRole.JIT, 77, 3, 4, 2, "x").replace("\tjit\t", "\tnope\t")))
                .isNull();
    }
}
