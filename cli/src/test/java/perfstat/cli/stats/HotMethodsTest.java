package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The two-proportion test behind the hot-method verdicts, on figures worked by hand. */
class HotMethodsTest {
    @Test
    void aLargeShiftInManySamplesIsSignificantAndASmallOneIsNot() {
        // 300 of 1000 against 200 of 1000: pooled 0.25, se = sqrt(0.25*0.75*0.002) = 0.019365, z = 5.164, p = 2.4e-7
        Significance big = HotMethods.twoProportions(300, 1000, 200, 1000, 0.95);
        assertThat(big.verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(big.pValue()).isBetween(2.0e-7, 2.8e-7);
        assertThat(big.meanDelta()).isCloseTo(-0.1, org.assertj.core.api.Assertions.within(1e-12));
        // 100 of 1000 against 110 of 1000: z = 0.7255, p = 0.468
        Significance small = HotMethods.twoProportions(100, 1000, 110, 1000, 0.95);
        assertThat(small.verdict()).isEqualTo(Significance.Verdict.NOT_SIGNIFICANT);
        assertThat(small.pValue()).isBetween(0.46, 0.475);
        // 1 of 20 against 2 of 20: too few expected samples to use the normal approximation
        assertThat(HotMethods.twoProportions(1, 20, 2, 20, 0.95).verdict()).isEqualTo(Significance.Verdict.TOO_FEW);
        assertThat(HotMethods.twoProportions(0, 0, 5, 100, 0.95).verdict()).isEqualTo(Significance.Verdict.TOO_FEW);
    }

    private static perfstat.cli.read.RunData recording(perfstat.cli.read.RunData.HotMethods hot) {
        var c = new perfstat.cli.read.RunData.Contention(0, java.time.Duration.ZERO);
        perfstat.cli.read.RunData.JdkSummary jdk = perfstat.cli.read.RunData.JdkSummary.NONE.withSpan(java.time.Duration.ofSeconds(1))
                .withContention(c, c, java.util.List.of(), java.util.Optional.empty()).withHot(hot);
        return perfstat.cli.read.RunData.of("x.jfr").withJdk(jdk);
    }

    /** A side without samples neither hides a method the other side has nor ranks methods by nothing; it gets a note. */
    @Test
    void aSideWithoutSamplesHidesNoRowAndIsNamed() {
        java.util.Map<String, Long> self = new java.util.HashMap<>();
        for (int i = 0; i < 30; i++) {
            self.put("app.M::m" + i, 1L); // 30 methods at 1 sample each
        }
        self.put("app.Hot::spin", 140L); // 140 of 170
        var hot = new perfstat.cli.read.RunData.HotMethods(170, self, self, 0, java.util.Map.of(), "jdk.CPUTimeSample",
                java.util.Map.of());
        var none = perfstat.cli.read.RunData.HotMethods.NONE;
        var columns = java.util.List.of(java.util.List.of(recording(none)), java.util.List.of(recording(hot)));
        var self0 = HotMethods.of(columns, 3, 0.95).get(0);
        assertThat(self0.rows().get(0).method()).isEqualTo("app.Hot::spin");
        assertThat(HotMethods.notes(columns, java.util.List.of("old", "new"))).containsExactly(
                new Note.SampleKind(java.util.List.of("jdk.CPUTimeSample")), new Note.NoSamples("old"));
    }

    /** A side whose CPU-time samples are biased for a twentieth or more is named with how many; one below that is not. */
    @Test
    void aSideWithManyBiasedSamplesIsNamed() {
        var columns = java.util.List.of(java.util.List.of(withBiased(9, 200)), java.util.List.of(withBiased(10, 200)),
                java.util.List.of(withBiased(150, 200)));
        assertThat(HotMethods.notes(columns, java.util.List.of("a", "b", "c"))).containsExactly(
                new Note.SampleKind(java.util.List.of("jdk.CPUTimeSample")), new Note.SafepointBiased("b", 10, 200),
                new Note.SafepointBiased("c", 150, 200));
    }

    private static perfstat.cli.read.RunData withBiased(long k, long n) {
        java.util.Map<String, Long> self = java.util.Map.of("app.Hot::spin", n);
        return recording(new perfstat.cli.read.RunData.HotMethods(n, self, self, 0, java.util.Map.of(), "jdk.CPUTimeSample",
                java.util.Map.of(), 0, k));
    }

    private static perfstat.cli.read.RunData withShare(String method, long k, long n) {
        java.util.Map<String, Long> self = java.util.Map.of(method, k, "app.Other::rest", n - k);
        return recording(new perfstat.cli.read.RunData.HotMethods(n, self, self, 0, java.util.Map.of(), "jdk.CPUTimeSample",
                java.util.Map.of()));
    }

    /**
     * Run-to-run variation is not a change: two runs of one command whose shares of a method are
     * 18% and 75% against 50% and 52% (2,000 samples each) pool to a difference a two-proportion
     * test calls significant (p about 0.004); over the recordings it is not. Four runs a side each
     * apart from the other side's are.
     */
    @Test
    void aMethodsShareIsJudgedOverTheRecordingsNotOverPooledSamples() {
        var aa = java.util.List.of(java.util.List.of(withShare("app.A::a", 360, 2000), withShare("app.A::a", 1500, 2000)),
                java.util.List.of(withShare("app.A::a", 1000, 2000), withShare("app.A::a", 1040, 2000)));
        assertThat(HotMethods.twoProportions(1860, 4000, 2040, 4000, 0.95).verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        HotMethods.Row row = HotMethods.of(aa, 5, 0.95).get(0).rows().stream().filter(r -> r.method().equals("app.A::a"))
                .findFirst().orElseThrow();
        assertThat(row.tests().get(1).verdict()).isNotEqualTo(Significance.Verdict.SIGNIFICANT); // 2+2: ? (too few to decide)

        var moved = java.util.List.of(
                java.util.List.of(withShare("app.A::a", 400, 1000), withShare("app.A::a", 410, 1000), withShare("app.A::a", 390, 1000),
                        withShare("app.A::a", 405, 1000)),
                java.util.List.of(withShare("app.A::a", 600, 1000), withShare("app.A::a", 610, 1000), withShare("app.A::a", 590, 1000),
                        withShare("app.A::a", 620, 1000)));
        HotMethods.Row up = HotMethods.of(moved, 1, 0.95).get(0).rows().get(0);
        assertThat(up.method()).isEqualTo("app.A::a");
        assertThat(up.tests().get(1).verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(up.deltasPp().get(1)).isCloseTo(20.375, org.assertj.core.api.Assertions.within(1e-9));
    }
}
