package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.ClassFileVersion;
import net.bytebuddy.description.modifier.Ownership;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.implementation.FixedValue;
import net.bytebuddy.agent.ByteBuddyAgent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import perfstat.testapp.Target;

/**
 * Probes installed in this JVM on an already loaded class (retransformation), as the
 * Agrona agent's tests do: counts are exact on every thread, results and exceptions of
 * the host code are unchanged, and uninstalling restores the class.
 */
class ProbeInstallerTest {
    private static Instrumentation inst;
    private static ProbeInstaller installer;

    @BeforeAll
    static void install() {
        new Target().add(0); // loaded before the probes: they go in by retransformation
        inst = ByteBuddyAgent.install();
        Probes.configureSampling(8);
        installer = new ProbeInstaller(List.of(ProbeFilter.parse("perfstat.testapp.Target::add"),
                ProbeFilter.parse("::throwIfPositive"), ProbeFilter.parse("perfstat.testapp.Target::twice"),
                ProbeFilter.parse("perfstat.testapp.Legacy::answer"),
                ProbeFilter.parse("perfstat.testapp.Overloads::parse(String, int)"),
                ProbeFilter.parse("perfstat.testapp.Overloads::parse(char[])"),
                ProbeFilter.parse("perfstat.testapp.Overloads::parse(java.util.Map.Entry)"),
                ProbeFilter.parse("perfstat.testapp.Overloads::length(String)")));
        installer.install(inst);
        perfstat.testapp.Overloads.parse("0"); // loaded after the probes: they go in as it loads
    }

    @AfterAll
    static void uninstall() {
        installer.uninstall(inst);
    }

    private static long calls(String name) {
        return Probes.snapshot().stream().filter(s -> s.name().equals(name)).mapToLong(Probes.Summary::calls)
                .findFirst().orElse(-1);
    }

    @Test
    void countsEveryCallOnEveryThreadAndKeepsResults() throws Exception {
        long before = calls("perfstat.testapp.Target::add");
        int threads = 4;
        int perThread = 250_000;
        List<Thread> ts = new ArrayList<>();
        long[] sums = new long[threads];
        for (int i = 0; i < threads; i++) {
            int me = i;
            Thread t = new Thread(() -> {
                Target target = new Target();
                long s = 0;
                for (int k = 0; k < perThread; k++) {
                    s = target.add(k);
                }
                sums[me] = s;
            });
            ts.add(t);
            t.start();
        }
        for (Thread t : ts) {
            t.join();
        }
        for (long s : sums) {
            assertThat(s).isEqualTo((long) perThread * (perThread - 1) / 2);
        }
        assertThat(calls("perfstat.testapp.Target::add") - before).isEqualTo((long) threads * perThread);
        Probes.Summary add = Probes.snapshot().stream().filter(s -> s.name().endsWith("::add")).findFirst().orElseThrow();
        assertThat(add.latencyNs().getTotalCount()).isBetween(threads * perThread / 16L, threads * perThread / 4L);
    }

    @Test
    void aSignatureProbesItsOverloadOnlyEachARowOfItsOwn() {
        assertThat(perfstat.testapp.Overloads.parse("ff", 16)).isEqualTo(255);
        assertThat(perfstat.testapp.Overloads.parse("ff", 16)).isEqualTo(255);
        assertThat(perfstat.testapp.Overloads.parse(new char[3])).isEqualTo(103);
        assertThat(perfstat.testapp.Overloads.parse(java.util.Map.entry("a", 7))).isEqualTo(7);
        assertThat(perfstat.testapp.Overloads.parse("abc")).isEqualTo(3);
        assertThat(calls("perfstat.testapp.Overloads::parse(String,int)")).isEqualTo(2);
        assertThat(calls("perfstat.testapp.Overloads::parse(char[])")).isEqualTo(1);
        assertThat(calls("perfstat.testapp.Overloads::parse(Entry)")).isEqualTo(1);
        assertThat(perfstat.testapp.Overloads.length("abcd")).isEqualTo(4);
        // a signature's row says which overload it counts, even of a name without overloads
        assertThat(calls("perfstat.testapp.Overloads::length(String)")).isEqualTo(1);
        assertThat(Probes.snapshot().stream().filter(p -> p.name().startsWith("perfstat.testapp.Overloads::")).count()).isEqualTo(4);
        assertThat(installer.matchesByPattern()).containsEntry("perfstat.testapp.Overloads::parse(String,int)", 1L)
                .containsEntry("perfstat.testapp.Overloads::parse(char[])", 1L);
    }

    @Test
    void hostExceptionsPassThroughUnchangedAndAreCounted() {
        long before = calls("perfstat.testapp.Target::throwIfPositive");
        Target t = new Target();
        assertThatThrownBy(() -> t.throwIfPositive(3)).isInstanceOf(IllegalStateException.class).hasMessage("host exception 3");
        assertThat(t.throwIfPositive(-4)).isEqualTo(4);
        assertThat(calls("perfstat.testapp.Target::throwIfPositive") - before).isEqualTo(2);
        assertThat(Target.twice(21)).isEqualTo(42);
        assertThat(Probes.failures()).isZero();
    }

    @Test
    void classesOfJava11AndLaterGetTheConstantCellsAndOlderOnesCountByIdExactly() throws Exception {
        // a class file of Java 8 cannot hold a dynamic constant: its probe looks its cells up by id
        Class<?> legacy = new ByteBuddy(ClassFileVersion.JAVA_V8)
                .subclass(Object.class).name("perfstat.testapp.Legacy")
                .defineMethod("answer", int.class, Visibility.PUBLIC, Ownership.STATIC).intercept(FixedValue.value(42))
                .make().load(getClass().getClassLoader(), ClassLoadingStrategy.Default.WRAPPER).getLoaded();
        Method answer = legacy.getMethod("answer");
        for (int i = 0; i < 1000; i++) {
            assertThat(answer.invoke(null)).isEqualTo(42);
        }
        assertThat(calls("perfstat.testapp.Legacy::answer")).isEqualTo(1000);
        assertThat(installer.instrumentedMethods()).isEqualTo(4 + 4); // three overloads of Overloads::parse and Overloads::length, by signature
        assertThat(installer.instrumentedById()).isEqualTo(1); // Target (Java 17) uses the constant
    }

    @Test
    void threadsSharingAStripeWithALiveOwnerCountExactly() throws Exception {
        // more live threads than stripes: some share a stripe with a live owner and count in lanes of their own
        int threads = Probes.STRIPES + 44;
        int perThread = 2_000;
        long before = calls("perfstat.testapp.Target::add");
        CountDownLatch allStarted = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                Target target = new Target();
                allStarted.countDown();
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int k = 0; k < perThread; k++) {
                    target.add(k);
                }
            });
            ts.add(t);
            t.start();
        }
        allStarted.await();
        go.countDown();
        for (Thread t : ts) {
            t.join();
        }
        assertThat(calls("perfstat.testapp.Target::add") - before).isEqualTo((long) threads * perThread);
    }

    @Test
    void tenThousandVirtualThreadsCallingAProbedMethodAreCountedExactly() throws Exception {
        // virtual threads, all alive at once: most find their stripe taken and count in lanes of their own
        // (Target::twice, so that add's histogram stays that of the tests above)
        int threads = 10_000;
        int perThread = 300;
        long before = calls("perfstat.testapp.Target::twice");
        CountDownLatch allStarted = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        long[] sums = new long[threads];
        List<Thread> ts = new ArrayList<>();
        java.util.concurrent.ThreadFactory virtual = ProbesThreadsTest.virtualThreads();
        for (int i = 0; i < threads; i++) {
            int me = i;
            Thread t = virtual.newThread(() -> {
                allStarted.countDown();
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                long s = 0;
                for (int k = 0; k < perThread; k++) {
                    s += Target.twice(k);
                }
                sums[me] = s;
            });
            t.start();
            ts.add(t);
        }
        allStarted.await();
        go.countDown();
        for (Thread t : ts) {
            t.join();
        }
        assertThat(sums).containsOnly((long) perThread * (perThread - 1));
        assertThat(calls("perfstat.testapp.Target::twice") - before).isEqualTo((long) threads * perThread);
        assertThat(Probes.failures()).isZero();
    }

    /** A loader of one class from bytes, as an application's own loaders define classes. */
    private static final class BytesLoader extends ClassLoader {
        BytesLoader(ClassLoader parent) {
            super(parent);
        }

        Class<?> define(String name, byte[] b) {
            return defineClass(name, b, 0, b.length);
        }
    }

    @Test
    void classesThatCannotSeeTheProbesAndClassesThatFailAreCounted() {
        ProbeInstaller counting = new ProbeInstaller(List.of(ProbeFilter.parse("perfstat.testapp.Unseen"),
                ProbeFilter.parse("perfstat.testapp.FromTheFuture")), line -> { });
        counting.install(inst);
        try {
            // a loader whose parent is the platform's cannot see the probe runtime: skipped, counted
            byte[] unseen = new ByteBuddy().subclass(Object.class).name("perfstat.testapp.Unseen")
                    .defineMethod("answer", int.class, Visibility.PUBLIC).intercept(FixedValue.value(42)).make().getBytes();
            new BytesLoader(ClassLoader.getPlatformClassLoader()).define("perfstat.testapp.Unseen", unseen);
            assertThat(counting.skippedInvisible()).isEqualTo(1);
            assertThat(counting.errors()).isZero();
            // a class file newer than the installer reads: its transformation fails, counted (the JVM refuses it too)
            byte[] future = new ByteBuddy().subclass(Object.class).name("perfstat.testapp.FromTheFuture").make().getBytes();
            future[6] = 0;
            future[7] = 99;
            assertThatThrownBy(() -> new BytesLoader(ProbeInstallerTest.class.getClassLoader())
                    .define("perfstat.testapp.FromTheFuture", future)).isInstanceOf(UnsupportedClassVersionError.class);
            assertThat(counting.errors()).isEqualTo(1);
            assertThat(counting.probesDropped()).isZero();
        } finally {
            counting.uninstall(inst);
        }
    }
}
