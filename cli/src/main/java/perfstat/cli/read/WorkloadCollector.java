package perfstat.cli.read;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import perfstat.format.Events;

/**
 * A model's events: its run (perfstat.Workload), its score per interval and in all, its own counters; and a command's
 * own score (perfstat.ProgramScore), which the CLI appends to the command's recording.
 */
final class WorkloadCollector implements Collector {
    private final String name;
    private RunData.Workload workload;
    private RunData.Result result;
    /** {interval index, score}. */
    private final List<double[]> scores = new ArrayList<>();
    private final Map<String, Long> modelCounters = new LinkedHashMap<>();
    private RunData.ProgramScore programScore;

    WorkloadCollector(String name) {
        this.name = name;
    }

    @Override
    public void register(Handlers h) {
        h.on(Events.Workload.NAME, this::workload);
        h.on(Events.Result.NAME, e -> result = new RunData.Result(e.getDouble(Events.Result.SCORE),
                e.getLong(Events.Result.UNITS), Duration.ofNanos(e.getLong(Events.Result.ELAPSED_NS))));
        h.on(Events.Score.NAME, e -> scores.add(new double[] {e.getInt(Events.Score.INTERVAL), e.getDouble(Events.Score.SCORE)}));
        h.on(Events.ProgramScore.NAME, this::programScore);
        h.on(Events.ModelCounter.NAME, e -> modelCounters.put(e.getString(Events.ModelCounter.COUNTER_NAME),
                e.getLong(Events.ModelCounter.VALUE)));
    }

    private void workload(RecordedEvent e) {
        workload = new RunData.Workload(
                RecordingReader.formatVersion(name, e, Events.Workload.FORMAT_VERSION),
                e.getString(Events.Workload.MODEL),
                e.getString(Events.Workload.VARIANT),
                e.getString(Events.Workload.WORKLOAD),
                e.getInt(Events.Workload.THREADS),
                e.getInt(Events.Workload.CPUS),
                e.getInt(Events.Workload.CORES),
                e.getString(Events.Workload.JVM_VERSION),
                Duration.ofNanos(e.getLong(Events.Workload.DURATION_NS)),
                Duration.ofNanos(e.getLong(Events.Workload.WARMUP_NS)),
                Duration.ofNanos(e.getLong(Events.Workload.INTERVAL_NS)),
                e.getString(Events.Workload.SCORE_NAME),
                e.getString(Events.Workload.SCORE_UNIT),
                e.getBoolean(Events.Workload.HIGHER_IS_BETTER),
                e.getString(Events.Workload.OPTIONS),
                flag(e, Events.Workload.FIXED_WORK), // absent before version 3: false
                flag(e, Events.Workload.SIMULATED),
                text(e, Events.Workload.UNIT_NAME), // absent before version 10: no unit
                text(e, Events.Workload.UNIT_COUNTER));
    }

    private static String text(RecordedEvent e, String field) {
        String s = e.hasField(field) ? e.getString(field) : null;
        return s == null ? "" : s;
    }

    private void programScore(RecordedEvent e) {
        RecordingReader.formatVersion(name, e, Events.ProgramScore.FORMAT_VERSION);
        String text = e.getString(Events.ProgramScore.VALUES);
        List<Double> values = text == null || text.isBlank() ? List.of()
                : java.util.Arrays.stream(text.strip().split(" +")).map(Double::valueOf).toList();
        programScore = new RunData.ProgramScore(e.getString(Events.ProgramScore.SCORE_NAME),
                e.getString(Events.ProgramScore.SCORE_UNIT), e.getBoolean(Events.ProgramScore.HIGHER_IS_BETTER),
                e.getDouble(Events.ProgramScore.SCORE), values, flag(e, Events.ProgramScore.ITERATIONS));
    }

    private static boolean flag(RecordedEvent e, String field) {
        return e.hasField(field) && e.getBoolean(field);
    }

    /** The model's run, or null. */
    RunData.Workload workload() {
        return workload;
    }

    /** The workload's result, or null. */
    RunData.Result result() {
        return result;
    }

    /** {interval index, score} of each perfstat.Score, in the order read. */
    List<double[]> scores() {
        return scores;
    }

    /** A command's own score, or null. */
    RunData.ProgramScore programScore() {
        return programScore;
    }

    Map<String, Long> modelCounters() {
        return Collections.unmodifiableMap(modelCounters);
    }
}
