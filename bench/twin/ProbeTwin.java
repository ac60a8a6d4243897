import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;
import perfstat.agent.probe.Probes;

/**
 * The probe's cost inside the probed method, measured in one JVM that runs the agent: the
 * write-path model is loaded twice, once by the application class loader (which sees the
 * agent, so its {@code Vfs::write} carries the probe the agent puts in) and once by an
 * isolated loader (which does not, so the agent leaves its copy alone). Short phases of
 * fstime's loop alternate between the two copies, so the JIT, the recording, the counter
 * thread and the machine's drift are the same for both; the median of the paired ratios is
 * what the probe adds to a {@code write()}.
 *
 *   java -javaagent:perfstat.jar=out=F.jfr,probeset=writepath -cp perfstat.jar:DIR ProbeTwin [VARIANT] [PAIRS] [PHASE_MS]
 *   (bench/probe-twin.sh compiles it and runs it)
 */
public class ProbeTwin {
    public static void main(String[] args) throws Exception {
        String variant = args.length > 0 ? args[0] : "unpatched";
        int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 400;
        long phaseNs = (args.length > 2 ? Long.parseLong(args[2]) : 25) * 1_000_000L;
        URL[] path = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(p -> {
                    try {
                        return new File(p).toURI().toURL();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }).toArray(URL[]::new);
        ClassLoader isolated = new URLClassLoader(path, ClassLoader.getPlatformClassLoader());
        Method probed = phase(ProbeTwin.class.getClassLoader(), variant);
        Method bare = phase(isolated, variant);
        if (probed.getDeclaringClass().getClassLoader() == bare.getDeclaringClass().getClassLoader()) {
            throw new IllegalStateException("both copies came from one loader");
        }
        for (int warm = 0; warm < 40; warm++) {
            run(bare, phaseNs);
            run(probed, phaseNs);
        }
        double[] b = new double[pairs];
        double[] p = new double[pairs];
        double[] ratio = new double[pairs];
        for (int i = 0; i < pairs; i++) {
            if (i % 2 == 0) { // alternate which goes first, so that drift within a pair cancels too
                b[i] = run(bare, phaseNs);
                p[i] = run(probed, phaseNs);
            } else {
                p[i] = run(probed, phaseNs);
                b[i] = run(bare, phaseNs);
            }
            ratio[i] = p[i] / b[i];
        }
        Arrays.sort(b);
        Arrays.sort(p);
        Arrays.sort(ratio);
        System.out.printf("fstime write(), %s, %d pairs of %d ms phases, probe inside Vfs::write by the agent%n",
                variant, pairs, phaseNs / 1_000_000);
        System.out.printf("bare copy    median %.2f ns/write%n", b[pairs / 2]);
        System.out.printf("probed copy  median %.2f ns/write%n", p[pairs / 2]);
        long probedWrites = (long) probed.getDeclaringClass().getMethod("writes").invoke(null);
        long bareWrites = (long) bare.getDeclaringClass().getMethod("writes").invoke(null);
        long counted = Probes.snapshot().stream().filter(x -> x.name().equals("perfstat.models.writepath.Vfs::write"))
                .mapToLong(Probes.Summary::calls).sum();
        System.out.printf("write() calls: probed copy %,d, bare copy %,d, counted by the probe %,d%n", probedWrites, bareWrites, counted);
        System.out.printf("probe cost: median of paired ratios %+.2f%% (quartiles %+.2f%% .. %+.2f%%)%n",
                100 * (ratio[pairs / 2] - 1), 100 * (ratio[pairs / 4] - 1), 100 * (ratio[3 * pairs / 4] - 1));
    }

    private static Method phase(ClassLoader loader, String variant) throws Exception {
        Class<?> loop = Class.forName("TwinLoop", true, loader);
        loop.getMethod("init", String.class).invoke(null, variant);
        return loop.getMethod("phase", long.class);
    }

    private static double run(Method phase, long ns) throws Exception {
        return (double) phase.invoke(null, ns);
    }
}
