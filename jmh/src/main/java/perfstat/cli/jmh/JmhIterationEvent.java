package perfstat.cli.jmh;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import perfstat.format.Events;

/**
 * One measurement iteration of a JMH benchmark, committed in the fork by {@code -prof perfstat}
 * as the iteration ends; the event spans the iteration. With these a fork's recording carries
 * its benchmark and its score, so that {@code perfstat diff} compares JMH runs benchmark by
 * benchmark, with the forks as samples.
 */
@Name(JmhIterationEvent.NAME)
@Label("JMH Iteration")
@Category({"perfstat", "JMH"})
@Description("A measurement iteration of a JMH benchmark: the benchmark, its parameters, mode and score")
@StackTrace(false)
public final class JmhIterationEvent extends jdk.jfr.Event {
    public static final String NAME = Events.JmhIteration.NAME;

    @Label("Format Version")
    @Description("Version of perfstat's recording format (docs/recording-format.md)")
    @Name(Events.JmhIteration.FORMAT_VERSION)
    public int formatVersion;

    @Label("Benchmark")
    @Description("The benchmark method's full name")
    @Name(Events.JmhIteration.BENCHMARK)
    public String benchmark;

    @Label("Parameters")
    @Description("The benchmark's @Param values, key=value separated by commas, in JMH's order")
    @Name(Events.JmhIteration.PARAMS)
    public String params;

    @Label("Mode")
    @Description("JMH's short name of the mode: thrpt, avgt, sample, ss")
    @Name(Events.JmhIteration.MODE)
    public String mode;

    @Label("Threads")
    @Name(Events.JmhIteration.THREADS)
    public int threads;

    @Label("Iteration")
    @Description("The measurement iteration's index, from 1")
    @Name(Events.JmhIteration.ITERATION)
    public int iteration;

    @Label("Score")
    @Description("The iteration's primary score, in the score unit")
    @Name(Events.JmhIteration.SCORE)
    public double score;

    @Label("Score Unit")
    @Name(Events.JmhIteration.SCORE_UNIT)
    public String scoreUnit;

    @Label("Higher Is Better")
    @Description("Throughput: true; times per operation: false")
    @Name(Events.JmhIteration.HIGHER_IS_BETTER)
    public boolean higherIsBetter;

    @Label("Operations")
    @Description("Operations measured in the iteration")
    @Name(Events.JmhIteration.OPERATIONS)
    public long operations;
}
