package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import perfstat.cli.read.RunData;
import org.junit.jupiter.api.Test;

/** The differential flame graph: both sides' frames laid out, a frame of the base only kept, verdicts adjusted. */
public class FlameGraphTest {
    public static RunData recording(Map<String, Long> folded) {
        long n = folded.values().stream().mapToLong(Long::longValue).sum();
        var hot = new RunData.HotMethods(n, Map.of(), Map.of(), 0, Map.of(), "jdk.CPUTimeSample", folded);
        var c = new RunData.Contention(0, Duration.ZERO);
        var jdk = new RunData.JdkSummary(new TreeMap<>(), Duration.ofSeconds(1), 0, Duration.ZERO, Double.NaN, c, c, List.of(),
                Double.NaN, Double.NaN, Map.of(), hot, java.util.Optional.empty(), Duration.ZERO, Double.NaN);
        return new RunData("x.jfr", null, null, List.of(), Map.of(), null, null, new TreeMap<>(), null, 0, jdk, List.of(),
                List.of(), null, Map.of());
    }

    @Test
    void framesOfBothSidesWithWidthsByShareAndAdjustedVerdicts() {
        RunData base = recording(Map.of("main;work;old", 600L, "main;work;same", 400L));
        RunData other = recording(Map.of("main;work;new", 500L, "main;work;same", 500L));
        FlameGraph g = FlameGraph.of("a", List.of(base), "b", List.of(other), 0.95);
        Map<String, FlameGraph.Frame> byName = new TreeMap<>();
        g.frames().forEach(f -> byName.put(f.method(), f));
        assertThat(byName.keySet()).containsExactly("main", "new", "old", "same", "work");
        FlameGraph.Frame old = byName.get("old");
        assertThat(old.baseShare()).isEqualTo(0.6);
        assertThat(old.otherShare()).isZero();
        assertThat(old.width()).as("a frame of the base only is visible").isCloseTo(0.3, within(1e-12));
        assertThat(old.verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(old.depth()).isEqualTo(2);
        assertThat(byName.get("main").width()).isCloseTo(1.0, within(1e-12));
        // children side by side within their parent: new, old, same in name order
        assertThat(byName.get("new").x()).isZero();
        assertThat(byName.get("old").x()).isCloseTo(0.25, within(1e-12));
        assertThat(byName.get("same").x()).isCloseTo(0.55, within(1e-12));
        // 400 of 1000 against 500 of 1000: p = 7.3e-6, still significant after the adjustment over 5 frames
        FlameGraph.Frame same = byName.get("same");
        assertThat(same.adjustedP()).isGreaterThanOrEqualTo(same.test().pValue());
        assertThat(byName.get("main").verdict()).as("100% on both sides").isNotEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(FlameGraph.of("a", List.of(base), "b", List.of(recording(Map.of())), 0.95)).as("a side without samples").isNull();
    }
}
