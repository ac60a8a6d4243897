import com.sun.tools.attach.VirtualMachine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Whether a detach leaves the target slower than before: a running fstime model, its rate read
 * from outside through the model's MBean (units of work per second, in phases), before any
 * attach and after CYCLES attach/detach cycles of `perfstat attach` with the write-path probes.
 * The before and after phases alternate with blocks of cycles, so that the machine's drift
 * falls on both.
 *
 *   java -cp perfstat.jar bench/DetachCost.java PERFSTAT JAVA [ROUNDS] [CYCLES] [PHASES] [PHASE_MS]
 */
public class DetachCost {
    public static void main(String[] a) throws Exception {
        String perfstat = a[0];
        String java = a[1];
        int rounds = a.length > 2 ? Integer.parseInt(a[2]) : 3;
        int cycles = a.length > 3 ? Integer.parseInt(a[3]) : 5;
        int phases = a.length > 4 ? Integer.parseInt(a[4]) : 5;
        long phaseMs = a.length > 5 ? Long.parseLong(a[5]) : 2000;
        Path dir = Files.createTempDirectory("detach-cost");
        String jar = System.getProperty("java.class.path").split(System.getProperty("path.separator"))[0];
        Process target = new ProcessBuilder(java, "-XX:+EnableDynamicAgentLoading", "--enable-native-access=ALL-UNNAMED",
                "-cp", jar, "perfstat.models.ModelMain", "fstime", "--duration-ms", Long.toString(3_600_000L), "--warmup-ms", "0")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("target.out").toFile()).start();
        String pid = Long.toString(target.pid());
        try {
            Thread.sleep(5000); // JIT warm-up of the workload
            VirtualMachine vm = VirtualMachine.attach(pid);
            String url = vm.startLocalManagementAgent();
            vm.detach();
            try (JMXConnector c = JMXConnectorFactory.connect(new JMXServiceURL(url))) {
                MBeanServerConnection s = c.getMBeanServerConnection();
                ObjectName run = new ObjectName("perfstat.models:type=Run");
                List<Double> before = new ArrayList<>();
                List<Double> after = new ArrayList<>();
                for (int r = 0; r < rounds; r++) {
                    // a block of phases never after an attach in this round (the first round: never attached at all)
                    List<Double> side = r == 0 ? before : after;
                    for (int p = 0; p < phases; p++) {
                        side.add(rate(s, run, phaseMs));
                    }
                    for (int i = 0; i < cycles; i++) {
                        Process ps = new ProcessBuilder(perfstat, "attach", pid, "--duration", "1s", "--probeset", "writepath",
                                "-o", dir.resolve("w" + r + "-" + i + ".jfr").toString())
                                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                        if (ps.waitFor() != 0) {
                            throw new IllegalStateException("perfstat attach failed");
                        }
                    }
                }
                for (int p = 0; p < phases; p++) {
                    after.add(rate(s, run, phaseMs));
                }
                double b = median(before);
                double f = median(after);
                System.out.printf(Locale.ROOT, "fstime units/s, median of %d phases of %d ms: before any attach %.0f, after %d attach/detach cycles %.0f: %+.2f%%%n",
                        phases, phaseMs, b, rounds * cycles, f, (f - b) / b * 100);
                System.out.printf(Locale.ROOT, "  before: %s%n  after:  %s%n", fmt(before), fmt(after));
            }
        } finally {
            target.destroy();
            target.waitFor();
        }
    }

    private static double rate(MBeanServerConnection s, ObjectName run, long ms) throws Exception {
        long u0 = (Long) s.getAttribute(run, "Units");
        long t0 = System.nanoTime();
        Thread.sleep(ms);
        long u1 = (Long) s.getAttribute(run, "Units");
        return (u1 - u0) * 1e9 / (System.nanoTime() - t0);
    }

    private static double median(List<Double> v) {
        double[] x = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return x.length % 2 == 1 ? x[x.length / 2] : (x[x.length / 2 - 1] + x[x.length / 2]) / 2;
    }

    private static String fmt(List<Double> v) {
        return String.join(" ", v.stream().map(d -> String.format(Locale.ROOT, "%.0f", d)).toList());
    }
}
