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
        var jdk = RunData.JdkSummary.NONE.withSpan(Duration.ofSeconds(1))
                .withContention(c, c, List.of(), java.util.Optional.empty())
                .withHot(hot);
        return RunData.of("x.jfr").withJdk(jdk);
    }

    /** {@code recordings} recordings, each of the folded stacks {@code folded} scaled by its factor (recording i by {@code 1 + i / 100}). */
    public static List<RunData> recordings(int recordings, Map<String, Long> folded) {
        List<RunData> out = new java.util.ArrayList<>();
        for (int i = 0; i < recordings; i++) {
            double f = 1 + i / 100.0;
            Map<String, Long> scaled = new TreeMap<>();
            folded.forEach((k, v) -> scaled.put(k, Math.round(v * f)));
            out.add(recording(scaled));
        }
        return out;
    }

    @Test
    void framesOfBothSidesWithWidthsByShareAndAdjustedVerdicts() {
        List<RunData> base = recordings(5, Map.of("main;work;old", 600L, "main;work;same", 400L));
        List<RunData> other = recordings(5, Map.of("main;work;new", 500L, "main;work;same", 500L));
        FlameGraph g = FlameGraph.of("a", base, "b", other, 0.95);
        Map<String, FlameGraph.Frame> byName = new TreeMap<>();
        g.frames().forEach(f -> byName.put(f.method(), f));
        assertThat(byName.keySet()).containsExactly("main", "new", "old", "same", "work");
        FlameGraph.Frame old = byName.get("old");
        assertThat(old.baseShare()).isCloseTo(0.6, within(1e-3));
        assertThat(old.otherShare()).isZero();
        assertThat(old.width()).as("a frame of the base only is visible").isCloseTo(0.3, within(1e-3));
        assertThat(old.verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(old.test().test()).isEqualTo("U");
        assertThat(old.test().nA()).as("judged over the recordings, not the samples").isEqualTo(5);
        assertThat(old.depth()).isEqualTo(2);
        assertThat(byName.get("main").width()).isCloseTo(1.0, within(1e-12));
        // children side by side within their parent: new, old, same in name order
        assertThat(byName.get("new").x()).isZero();
        assertThat(byName.get("old").x()).isCloseTo(0.25, within(1e-3));
        assertThat(byName.get("same").x()).isCloseTo(0.55, within(1e-3));
        // 40% in each base recording against 50% in each other: p = 0.008 over 5+5 recordings, still significant
        // after the adjustment over the frames
        FlameGraph.Frame same = byName.get("same");
        assertThat(same.adjustedP()).isGreaterThanOrEqualTo(same.test().pValue());
        assertThat(same.verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(byName.get("main").verdict()).as("100% on both sides").isNotEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(FlameGraph.of("a", base, "b", List.of(recording(Map.of())), 0.95)).as("a side without samples").isNull();
    }

    @Test
    void oneRecordingASideHasNoVerdict() {
        FlameGraph g = FlameGraph.of("a", List.of(recording(Map.of("main;old", 600L, "main;same", 400L))),
                "b", List.of(recording(Map.of("main;new", 500L, "main;same", 500L))), 0.95);
        assertThat(g.frames()).isNotEmpty().allSatisfy(f -> {
            assertThat(f.verdict()).isEqualTo(Significance.Verdict.TOO_FEW);
            assertThat(f.adjustedP()).isNaN();
        });
    }

    /**
     * An A/A-like pair: 10,000 samples a recording, a frame's share swinging from 20% to 70%
     * between the recordings of one side as much as of the other (one JVM's JIT decides it), the
     * sides no different. The pooled test over all 50,000 samples a side calls the 5-point
     * difference of the pooled shares significant; over the recordings it is not.
     */
    @Test
    void aFrameIsJudgedOverTheRecordingsNotOverPooledSamples() {
        double[] baseShares = {0.20, 0.70, 0.30, 0.60, 0.45};
        double[] otherShares = {0.25, 0.65, 0.35, 0.55, 0.70};
        List<RunData> base = new java.util.ArrayList<>();
        List<RunData> other = new java.util.ArrayList<>();
        for (int i = 0; i < baseShares.length; i++) {
            base.add(split(baseShares[i]));
            other.add(split(otherShares[i]));
        }
        long hotA = base.stream().mapToLong(r -> r.jdk().hot().folded().get("main;hot")).sum();
        long hotB = other.stream().mapToLong(r -> r.jdk().hot().folded().get("main;hot")).sum();
        assertThat(HotMethods.twoProportions(hotA, 50_000, hotB, 50_000, 0.95).verdict())
                .as("the pooled test is fooled by this input").isEqualTo(Significance.Verdict.SIGNIFICANT);
        FlameGraph g = FlameGraph.of("a", base, "b", other, 0.95);
        assertThat(g.frames()).extracting(FlameGraph.Frame::method).contains("hot", "cold");
        assertThat(g.frames()).allSatisfy(f -> assertThat(f.verdict()).as(f.method())
                .isEqualTo(Significance.Verdict.NOT_SIGNIFICANT));
    }

    private static RunData split(double hotShare) {
        long hot = Math.round(10_000 * hotShare);
        return recording(Map.of("main;hot", hot, "main;cold", 10_000 - hot));
    }
}
