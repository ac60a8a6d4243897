package perfstat.models.spi;

/**
 * A workload simulated in virtual time (a discrete-event model): it runs on the runner's
 * thread, deterministic for its seed, and its score, interval scores and elapsed time are in
 * simulated time, not the JVM's. The {@link Runner} commits them as it does a threaded
 * workload's; what the agent measures around it (CPU, probes) is the simulator's own cost.
 */
public interface Simulation extends Execution {

    /** The simulated outcome: units of work, simulated nanoseconds, and the score over them. */
    record Result(long units, long simulatedNs, double score) {
    }

    /** Told of each simulated interval as it ends. */
    interface Intervals {
        void interval(int index, long units, long simulatedNs, double score);
    }

    /** Runs to the end of the workload, or until {@code stop} says stop, on the calling thread. */
    Result simulate(Stop stop, Intervals intervals);

    @Override
    default void work(int worker, Stop stop) {
        throw new UnsupportedOperationException("a simulation runs through simulate()");
    }
}
