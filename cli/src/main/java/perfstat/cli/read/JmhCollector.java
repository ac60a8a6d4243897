package perfstat.cli.read;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import perfstat.format.Events;

/**
 * A JMH fork's measurement iterations (perfstat.JmhIteration, from perfstat's JMH profiler):
 * the benchmark with its parameters is the recording's workload, its iterations are the
 * score's intervals, and their mean is the fork's score.
 */
final class JmhCollector implements Collector {
    private final String name;
    /** The benchmark as the first iteration read names it; null without any. */
    private Benchmark first;
    private long operations;
    private long elapsedNs;
    /** {iteration, score}. */
    private final List<double[]> scores = new ArrayList<>();

    /** What an iteration says of its benchmark, read while its handler runs. */
    private record Benchmark(int formatVersion, String benchmark, String params, int threads, String mode, String unit,
                             boolean higherIsBetter) {
    }

    JmhCollector(String name) {
        this.name = name;
    }

    @Override
    public void register(Handlers h) {
        h.on(Events.JmhIteration.NAME, this::iteration);
    }

    private void iteration(RecordedEvent e) {
        int version = RecordingReader.formatVersion(name, e, Events.JmhIteration.FORMAT_VERSION);
        double[] score = {e.getInt(Events.JmhIteration.ITERATION), e.getDouble(Events.JmhIteration.SCORE)};
        long ops = e.getLong(Events.JmhIteration.OPERATIONS);
        Benchmark b = first != null ? first : new Benchmark(version, e.getString(Events.JmhIteration.BENCHMARK),
                e.getString(Events.JmhIteration.PARAMS), e.getInt(Events.JmhIteration.THREADS),
                e.getString(Events.JmhIteration.MODE), e.getString(Events.JmhIteration.SCORE_UNIT),
                e.getBoolean(Events.JmhIteration.HIGHER_IS_BETTER));
        first = b;
        scores.add(score);
        operations += ops;
        elapsedNs += e.getDuration().toNanos();
    }

    /** Whether the recording has iterations of a benchmark. */
    boolean any() {
        return first != null;
    }

    /** {iteration, score} of each iteration, in the order read. */
    List<double[]> scores() {
        return scores;
    }

    /** The benchmark as a workload (model "jmh"); only when {@link #any}. */
    RunData.Workload workload() {
        String params = first.params() == null ? "" : first.params();
        String benchmark = first.benchmark() + (params.isEmpty() ? "" : " " + params);
        return new RunData.Workload(
                first.formatVersion(),
                "jmh", // model
                "", // variant
                benchmark, // workload
                first.threads(),
                0, // simulated CPUs
                0, // cores
                "", // JVM version
                Duration.ofNanos(elapsedNs), // duration: the iterations' time
                Duration.ZERO, // warm-up
                Duration.ZERO, // interval
                first.mode(), // score name
                first.unit(),
                first.higherIsBetter(),
                params, // options
                false, // fixed work
                false); // simulated
    }

    /** The fork's result: the mean of the iterations' scores, over their operations and time; only when {@link #any}. */
    RunData.Result result() {
        double mean = scores.stream().mapToDouble(s -> s[1]).average().orElse(Double.NaN);
        return new RunData.Result(mean, operations, Duration.ofNanos(elapsedNs));
    }
}
