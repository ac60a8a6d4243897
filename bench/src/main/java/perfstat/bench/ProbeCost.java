package perfstat.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * What a probe adds to one call, in one invocation: {@link ProbeCostBenchmark#call} in fresh
 * JVMs bare, under perfstat's agent with each timing mode (counting only, sampled, exact) and with each call an
 * iteration ({@code iteration=}), and
 * under the JDK's own method timing (JEP 520, JFR's {@code method-timing}, JDK 25); prints each
 * one's ns per call and the ns it adds to the bare call, next to the cost of a pair of clock
 * reads.
 *
 * <pre>java -cp bench/target/benchmarks.jar perfstat.bench.ProbeCost PERFSTAT_JAR [FORKS] [ITERATIONS]</pre>
 * (bench/probe-cost.sh builds both jars and runs it.)
 */
public final class ProbeCost {
    private static final String METHOD = "perfstat.bench.Target::work";

    private ProbeCost() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || !Files.isRegularFile(Path.of(args[0]))) {
            System.err.println("usage: ProbeCost PERFSTAT_JAR [FORKS] [ITERATIONS]");
            System.exit(2);
        }
        String jar = Path.of(args[0]).toAbsolutePath().toString();
        int forks = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Path tmp = Files.createTempDirectory("perfstat-probecost-");
        String agent = "-javaagent:" + jar + "=events=none,out=" + tmp.resolve("agent.jfr") + ",probes=" + METHOD;
        Map<String, String[]> modes = new LinkedHashMap<>();
        modes.put("bare", new String[0]);
        modes.put("perfstat timing=off (count only)", new String[] {agent + ",timing=off"});
        modes.put("perfstat timing=sampled (1 in 1024)", new String[] {agent});
        modes.put("perfstat timing=exact", new String[] {agent + ",timing=exact"});
        // each call an iteration: its clocks through ThreadMXBean (no counters, so no native layer), then through the
        // native layer (the counters on, JDK 22+); past the agent's limit a run (2^20) a call is counted, not kept
        modes.put("perfstat iteration= (ThreadMXBean)", new String[] {agent + ",iteration=" + METHOD});
        modes.put("perfstat iteration= (native clock)", new String[] {"-javaagent:" + jar + "=out=" + tmp.resolve("it.jfr")
                + ",probes=" + METHOD + ",iteration=" + METHOD});
        modes.put("JEP 520 method-timing", new String[] {"-XX:StartFlightRecording:method-timing=" + METHOD
                + ",filename=" + tmp.resolve("jep520.jfr")});
        Map<String, double[]> results = new LinkedHashMap<>();
        double timerPair = Double.NaN;
        for (Map.Entry<String, String[]> m : modes.entrySet()) {
            List<String> jvm = new ArrayList<>(List.of("-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline," + METHOD));
            jvm.addAll(List.of(m.getValue()));
            ChainedOptionsBuilder o = new OptionsBuilder().include(ProbeCostBenchmark.class.getName() + ".call")
                    .forks(forks).warmupIterations(3).warmupTime(TimeValue.seconds(1))
                    .measurementIterations(iterations).measurementTime(TimeValue.seconds(1))
                    .jvmArgsAppend(jvm.toArray(String[]::new));
            if (m.getKey().equals("bare")) {
                o.include(ProbeCostBenchmark.class.getName() + ".timerPair");
            }
            for (RunResult r : new Runner(o.build()).run()) {
                String label = r.getParams().getBenchmark().endsWith("timerPair") ? "timer pair" : m.getKey();
                double score = r.getPrimaryResult().getScore();
                double error = r.getPrimaryResult().getScoreError();
                if (label.equals("timer pair")) {
                    timerPair = score;
                } else {
                    results.put(label, new double[] {score, error});
                }
            }
        }
        double bare = results.get("bare")[0];
        System.out.println();
        System.out.printf(Locale.ROOT, "%-40s %12s %12s %14s%n", "What a probe on a " + String.format(Locale.ROOT, "%.1f", bare)
                + " ns method adds", "ns/call", "+- (99.9%)", "added ns/call");
        results.forEach((label, r) -> System.out.printf(Locale.ROOT, "%-40s %12.2f %12.2f %14s%n", label, r[0], r[1],
                label.equals("bare") ? "" : String.format(Locale.ROOT, "%+.2f", r[0] - bare)));
        System.out.printf(Locale.ROOT, "%-40s %12.2f%n", "a pair of System.nanoTime() reads", timerPair);
        double exact = results.get("perfstat timing=exact")[0] - bare;
        System.out.printf(Locale.ROOT, "exact timing adds %.2f ns; target: at most the timer pair + 10 ns = %.2f ns: %s%n",
                exact, timerPair + 10, exact <= timerPair + 10 ? "met" : "NOT met");
        for (String it : List.of("perfstat iteration= (ThreadMXBean)", "perfstat iteration= (native clock)")) {
            double added = results.get(it)[0] - bare;
            System.out.printf(Locale.ROOT, "%s adds %.0f ns a call: %.2f%% of an iteration of 100 us; target: at most 2 us: %s%n",
                    it, added, added / 1e3, added <= 2000 ? "met" : "NOT met");
        }
    }
}
