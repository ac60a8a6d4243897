package perfstat.cli.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import perfstat.agent.Agent;
import org.openjdk.jmh.results.AverageTimeResult;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.RunResult;

/**
 * A probe's percentile as JMH aggregates it: over the merged histogram of the iterations' and
 * forks' timed calls, not as a mean of per-iteration percentiles.
 */
class ProbePercentileResultTest {
    /** {@code n} calls of {@code ns} each. */
    private static Histogram calls(long... nsAndCount) {
        Histogram h = new Histogram(3);
        for (int i = 0; i < nsAndCount.length; i += 2) {
            h.recordValueWithCount(nsAndCount[i], nsAndCount[i + 1]);
        }
        return h;
    }

    /** An iteration as the host receives it from a fork: its score and the profiler's results. */
    private static IterationResult iteration(Result... secondary) {
        IterationResult r = new IterationResult(null, null, null);
        r.addResult(new AverageTimeResult(ResultRole.PRIMARY, "call", 1000, 1_000_000, TimeUnit.NANOSECONDS));
        for (Result s : secondary) {
            r.addResult(s);
        }
        return r;
    }

    private static ProbePercentileResult p(double percentile, Histogram h) {
        return new ProbePercentileResult("Target::work p" + (int) percentile, percentile, h);
    }

    @Test
    void jmhTakesThePercentileOfTheIterationsMergedCalls() {
        // iteration 1: 99 calls of 100 ns and one of 10 us (p50 and p99 100 ns);
        // iteration 2: 100 calls of 1 us (p50 and p99 1000 ns). A mean of the two would say 550 ns.
        Histogram first = calls(100, 99, 10_000, 1);
        Histogram second = calls(1000, 100);
        BenchmarkResult fork = new BenchmarkResult(null, List.of(
                iteration(p(50, first), p(99, first)), iteration(p(50, second), p(99, second))));
        Map<String, Result> results = fork.getSecondaryResults();
        // of the 200 calls, the 100th and the 198th both took 1000 ns
        Result p99 = results.get("Target::work p99");
        assertThat(p99).isInstanceOf(ProbePercentileResult.class);
        assertThat(p99.getScore()).isEqualTo(1000.0);
        assertThat(results.get("Target::work p50").getScore()).isEqualTo(1000.0);
        assertThat(p99.getSampleCount()).isEqualTo(2);
        assertThat(p99.getScoreUnit()).isEqualTo("ns");
        assertThat(p99.getScoreError()).isNaN();
        assertThat(((ProbePercentileResult) p99).latencies().getTotalCount()).isEqualTo(200);
        assertThat(p99.getStatistics().getMin()).isEqualTo(100.0); // the iterations' own p99s stay as the raw data
        assertThat(p99.getStatistics().getMax()).isEqualTo(1000.0);
        assertThat(p99.extendedInfo()).contains("p99 of 200 timed calls over 2 iteration(s)");
    }

    @Test
    void acrossForksTheRunsPercentileMergesEveryIteration() throws Exception {
        // fork 1: two iterations of 50 calls of 100 ns; fork 2: one iteration of 100 calls of 5 us
        BenchmarkResult fork1 = new BenchmarkResult(null, List.of(
                iteration(p(99, calls(100, 50))), iteration(p(99, calls(100, 50)))));
        BenchmarkResult fork2 = new BenchmarkResult(null, List.of(iteration(p(99, viaTheBinaryLink(calls(5000, 100))))));
        assertThat(fork1.getSecondaryResults().get("Target::work p99").getScore()).isEqualTo(100.0);
        Result run = new RunResult(null, List.of(fork1, fork2)).getSecondaryResults().get("Target::work p99");
        // 200 calls: 100 of 100 ns, 100 of 5 us; the 198th is a 5 us one (a mean of the three p99s would be 1733)
        assertThat(run.getScore()).isBetween(5000.0, 5003.0);
        assertThat(run.getSampleCount()).isEqualTo(3);
    }

    /** A result as it crosses from the fork to the host: serialized. */
    private static Histogram viaTheBinaryLink(Histogram h) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(p(99, h));
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            ProbePercentileResult r = (ProbePercentileResult) in.readObject();
            assertThat(r.getLabel()).isEqualTo("Target::work p99");
            assertThat(r.getScore()).isEqualTo(h.getValueAtPercentile(99));
            return r.latencies();
        }
    }

    @Test
    void aForksIterationReportsOnlyTheCallsTimedInIt() {
        // the agent's histograms are totals since the fork began: warm-up's 1000 calls of 50 ns are not the iteration's
        Map<String, Histogram> start = Map.of("com.example.Target::work", calls(50, 1000));
        Map<String, Histogram> end = Map.of("com.example.Target::work", calls(50, 1000, 700, 10),
                "com.example.Other::idle", calls(10, 3));
        List<Result> results = JmhFork.latencyResults(Map.of("com.example.Other::idle", calls(10, 3)), Map.of());
        assertThat(results).isEmpty();
        results = new ArrayList<>(JmhFork.latencyResults(start, end));
        assertThat(results).extracting(Result::getLabel).containsExactlyInAnyOrder(
                "Target::work p50", "Target::work p99", "Other::idle p50", "Other::idle p99");
        assertThat(results).filteredOn(r -> r.getLabel().startsWith("Target")).extracting(Result::getScore).containsOnly(700.0);
        assertThat(JmhFork.latencyResults(null, end)).isEmpty(); // a warm-up iteration
    }

    @Test
    void countsPerOperationByPerfsNamesAndProbesShortNames() {
        List<Result> r = JmhFork.counterResults(
                new Agent.Counts(Map.of("task-clock", 1000.0, "cycles:u", 10.0), Map.of("com.example.Target::work", 5L)),
                new Agent.Counts(Map.of("task-clock", 3000.0, "cycles:u", 30.0), Map.of("com.example.Target::work", 105L)), 100);
        assertThat(r).extracting(x -> x.getLabel() + "=" + x.getScore() + " " + x.getScoreUnit()).containsExactlyInAnyOrder(
                "task-clock/op=20.0 ns/op", "cycles/op=0.2 #/op", "Target::work calls/op=1.0 #/op");
    }
}
