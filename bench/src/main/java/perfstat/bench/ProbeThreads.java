package perfstat.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * What a probe costs per call as the number of threads grows: {@link ProbeThreadsBenchmark#call}
 * in fresh JVMs, bare and under perfstat's agent (default timing, one call in 1024 timed), at
 * each thread count given (default 1, 2, 64 and 1,000). Prints, per count, the CPU time of one
 * call ({@link ProbeThreadsBenchmark.Cpu}) and JMH's time per call as one thread sees it (the
 * median of the iterations), bare and probed, and what the probe adds to each; with the stripes
 * free, and with each taken by a live thread ({@link ProbeThreadsBenchmark.Stripes}).
 *
 * <pre>java -cp bench/target/benchmarks.jar perfstat.bench.ProbeThreads PERFSTAT_JAR [FORKS] [ITERATIONS] [THREADS,...]</pre>
 * (bench/probe-threads.sh builds both jars and runs it.)
 */
public final class ProbeThreads {
    private static final String METHOD = "perfstat.bench.Target::work";

    private ProbeThreads() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || !Files.isRegularFile(Path.of(args[0]))) {
            System.err.println("usage: ProbeThreads PERFSTAT_JAR [FORKS] [ITERATIONS] [THREADS,...]");
            System.exit(2);
        }
        String jar = Path.of(args[0]).toAbsolutePath().toString();
        int forks = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        List<Integer> counts = new ArrayList<>();
        for (String t : (args.length > 3 ? args[3] : "1,2,64,1000").split(",")) {
            counts.add(Integer.parseInt(t.trim()));
        }
        Path tmp = Files.createTempDirectory("perfstat-probethreads-");
        String agent = "-javaagent:" + jar + "=events=none,out=" + tmp.resolve("agent.jfr") + ",probes=" + METHOD;
        Map<String, double[]> results = new LinkedHashMap<>();
        for (int threads : counts) {
            for (String mode : List.of("bare", "agent")) {
                List<String> jvm = new ArrayList<>(List.of("-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline," + METHOD));
                if (mode.equals("agent")) {
                    jvm.add(agent);
                }
                OptionsBuilder o = new OptionsBuilder();
                o.include(ProbeThreadsBenchmark.class.getName() + ".call").forks(forks).threads(threads)
                        .syncIterations(false) // with 1,000 threads on two CPUs, JMH's barrier did not let the first iteration start within minutes
                        .warmupIterations(2).warmupTime(TimeValue.seconds(1))
                        .measurementIterations(iterations).measurementTime(TimeValue.seconds(1))
                        .jvmArgsAppend(jvm.toArray(String[]::new));
                for (RunResult r : new Runner(o.build()).run()) {
                    String stripes = r.getParams().getParam("stripes");
                    double cpuNs = r.getSecondaryResults().get("cpuNs").getScore();
                    double calls = r.getSecondaryResults().get("calls").getScore();
                    results.put(threads + " " + stripes + " " + mode, new double[] {r.getPrimaryResult().getScore(), r.getPrimaryResult().getScoreError(),
                        median(r), cpuNs / calls});
                }
            }
        }
        print(counts, results);
    }

    /** The median of the measured iterations' scores: on a loaded machine one stalled iteration moves the mean by orders of magnitude. */
    private static double median(RunResult r) {
        List<Double> scores = new ArrayList<>();
        for (BenchmarkResult b : r.getBenchmarkResults()) {
            for (IterationResult i : b.getIterationResults()) {
                scores.add(i.getPrimaryResult().getScore());
            }
        }
        scores.sort(null);
        int n = scores.size();
        return n % 2 == 1 ? scores.get(n / 2) : (scores.get(n / 2 - 1) + scores.get(n / 2)) / 2;
    }

    private static void print(List<Integer> counts, Map<String, double[]> results) {
        System.out.println();
        System.out.printf(Locale.ROOT, "%8s %8s %16s %16s %12s %14s %14s %12s%n", "threads", "stripes", "bare CPU ns/call",
                "probed CPU ns", "added CPU ns", "bare avgt", "probed avgt", "added avgt");
        for (String stripes : List.of("free", "taken")) {
            for (int t : counts) {
                double[] bare = results.get(t + " " + stripes + " bare");
                double[] probed = results.get(t + " " + stripes + " agent");
                System.out.printf(Locale.ROOT, "%8d %8s %16.2f %16.2f %+12.2f %14.2f %14.2f %+12.2f%n", t, stripes, bare[3], probed[3],
                        probed[3] - bare[3], bare[2], probed[2], probed[2] - bare[2]);
            }
        }
        System.out.printf(Locale.ROOT, "(stripes taken: each of the 256 held by a live thread, so every benchmark thread counts elsewhere;"
                + " CPU ns/call: the threads' CPU time over their calls, summed over threads and iterations;"
                + " avgt: JMH's time per call as its thread sees it, median of the iterations, ns; %d CPUs)%n",
                Runtime.getRuntime().availableProcessors());
    }
}
