import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import perfstat.agent.probe.ProbeFilter;
import perfstat.agent.probe.ProbeInstaller;

/**
 * The time perfstat's probe installer takes to transform one class, as the JVM would call it when the class loads:
 * {@code TransformCost WAY CLASS PATTERN ROUNDS JAR...} with WAY {@code classfile} (the JDK's ClassFile API, 24+) or
 * {@code bytebuddy}. The installer is installed on a stand-in Instrumentation that only keeps its transformer (no
 * class is defined or retransformed); its preparation (as the agent's start does it, on its own thread) is timed
 * apart. Prints the first transformation (cold: what a program pays, once) and the median of the next ROUNDS - 1
 * (warm), in ms of the thread's CPU time and of wall time, and the size of the bytes in and out.
 */
public final class TransformCost {
    public static void main(String[] args) throws Exception {
        String way = args[0];
        String cls = args[1];
        int rounds = Integer.parseInt(args[3]);
        List<URL> urls = new ArrayList<>();
        for (int i = 4; i < args.length; i++) {
            urls.add(Path.of(args[i]).toUri().toURL());
        }
        ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), TransformCost.class.getClassLoader());
        String name = cls.replace('.', '/');
        byte[] bytes;
        try (var in = loader.getResourceAsStream(name + ".class")) {
            bytes = in.readAllBytes();
        }
        ProbeInstaller installer = new ProbeInstaller(List.of(ProbeFilter.parse(args[2])), line -> { })
                .byteBuddy(way.equals("bytebuddy"));
        if (!installer.transformer().equals(way)) {
            System.err.println("TransformCost: this JVM cannot transform with " + way + " (" + Runtime.version() + ")");
            System.exit(2);
        }
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long c0 = threads.getCurrentThreadCpuTime();
        long w0 = System.nanoTime();
        installer.prepare();
        ClassFileTransformer[] kept = new ClassFileTransformer[1];
        installer.install(standIn(kept));
        long prepareCpu = threads.getCurrentThreadCpuTime() - c0;
        long prepareWall = System.nanoTime() - w0;
        double[] cpu = new double[rounds];
        double[] wall = new double[rounds];
        int out = 0;
        for (int r = 0; r < rounds; r++) {
            long c = threads.getCurrentThreadCpuTime();
            long w = System.nanoTime();
            byte[] b = kept[0].transform(loader, name, null, null, bytes);
            cpu[r] = (threads.getCurrentThreadCpuTime() - c) / 1e6;
            wall[r] = (System.nanoTime() - w) / 1e6;
            if (b == null) {
                System.err.println("TransformCost: the pattern probed nothing in " + cls);
                System.exit(1);
            }
            out = b.length;
        }
        System.out.printf("%-10s %s: %d methods probed, %d -> %d bytes; set-up %.1f ms cpu (%.1f wall); first %.2f ms cpu"
                        + " (%.2f wall); then median %.3f ms cpu (%.3f wall) over %d%n",
                way, cls, installer.instrumentedMethods() / rounds, bytes.length, out, prepareCpu / 1e6, prepareWall / 1e6,
                cpu[0], wall[0], median(cpu), median(wall), rounds - 1);
    }

    private static double median(double[] all) {
        double[] rest = Arrays.copyOfRange(all, 1, all.length);
        Arrays.sort(rest);
        return rest.length == 0 ? Double.NaN : rest[rest.length / 2];
    }

    /** An Instrumentation that keeps the transformer it is given and has no classes loaded. */
    private static Instrumentation standIn(ClassFileTransformer[] kept) {
        return (Instrumentation) Proxy.newProxyInstance(Instrumentation.class.getClassLoader(),
                new Class<?>[] {Instrumentation.class}, (proxy, method, a) -> {
                    switch (method.getName()) {
                        case "addTransformer" -> kept[0] = (ClassFileTransformer) a[0];
                        case "getAllLoadedClasses", "getInitiatedClasses" -> {
                            return new Class<?>[0];
                        }
                        case "isRetransformClassesSupported", "isRedefineClassesSupported" -> {
                            return true;
                        }
                        case "removeTransformer", "isModifiableClass", "isNativeMethodPrefixSupported", "isModifiableModule" -> {
                            return false;
                        }
                        case "hashCode" -> {
                            return System.identityHashCode(proxy);
                        }
                        case "equals" -> {
                            return proxy == a[0];
                        }
                        default -> {
                        }
                    }
                    return null;
                });
    }
}
