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
    /** The first iteration read, which names the benchmark; null without any. */
    private RecordedEvent first;
    private long operations;
    private long elapsedNs;
    /** {iteration, score}. */
    private final List<double[]> scores = new ArrayList<>();

    JmhCollector(String name) {
        this.name = name;
    }

    @Override
    public void register(Handlers h) {
        h.on(Events.JmhIteration.NAME, this::iteration);
    }

    private void iteration(RecordedEvent e) {
        RecordingReader.formatVersion(name, e, Events.JmhIteration.FORMAT_VERSION);
        if (first == null) {
            first = e;
        }
        scores.add(new double[] {e.getInt(Events.JmhIteration.ITERATION), e.getDouble(Events.JmhIteration.SCORE)});
        operations += e.getLong(Events.JmhIteration.OPERATIONS);
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
        String params = first.getString(Events.JmhIteration.PARAMS) == null ? "" : first.getString(Events.JmhIteration.PARAMS);
        String benchmark = first.getString(Events.JmhIteration.BENCHMARK) + (params.isEmpty() ? "" : " " + params);
        return new RunData.Workload(
                first.getInt(Events.JmhIteration.FORMAT_VERSION),
                "jmh", // model
                "", // variant
                benchmark, // workload
                first.getInt(Events.JmhIteration.THREADS),
                0, // simulated CPUs
                0, // cores
                "", // JVM version
                Duration.ofNanos(elapsedNs), // duration: the iterations' time
                Duration.ZERO, // warm-up
                Duration.ZERO, // interval
                first.getString(Events.JmhIteration.MODE), // score name
                first.getString(Events.JmhIteration.SCORE_UNIT),
                first.getBoolean(Events.JmhIteration.HIGHER_IS_BETTER),
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
