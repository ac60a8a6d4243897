package perfstat.models.spi;

import java.util.Map;

/**
 * A prepared run: the {@link Runner} calls {@link #work} once per worker thread, samples
 * {@link #progress} every interval, then calls {@link #finish} after every worker has
 * returned.
 */
public interface Execution extends AutoCloseable {

    /** Runs worker {@code worker} until {@code stop} says stop; a unit of progress is counted as it completes. */
    void work(int worker, Stop stop) throws Exception;

    /**
     * Called by the runner when the measured window starts (after the warm-up). A workload
     * with a fixed amount of work starts counting it here; its workers return when it is done,
     * and the run ends when all of them have.
     */
    default void measuring() {
    }

    /**
     * Switches the running workload to another variant of its model, if the model can do so
     * live; false if it cannot (the run goes on unchanged).
     */
    default boolean switchVariant(String variant) {
        return false;
    }

    /** Units completed so far by all workers; may be read from any thread while they run. */
    long progress();

    /** The workload's score for {@code units} completed in {@code elapsedNs} by {@code threads} workers. */
    double score(long units, long elapsedNs, int threads);

    /**
     * Checks the model's invariants after the workers are done and returns its own
     * counters (name to value). Throws {@link IllegalStateException} when one is broken.
     */
    Map<String, Long> finish();

    @Override
    default void close() {
    }

    /** Set by the runner when the duration is over (the workload's {@code alarm()}). */
    interface Stop {
        boolean stopped();
    }
}
