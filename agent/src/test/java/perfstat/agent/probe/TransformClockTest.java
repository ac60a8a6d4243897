package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The transformer's clock: the application's threads only, each call once, on the thread's CPU clock. */
class TransformClockTest {

    private static long spin(long ns) {
        long end = System.nanoTime() + ns;
        long x = 0;
        while (System.nanoTime() < end) {
            x += x * 31 + 7;
        }
        return x;
    }

    @Test
    void countsTheCpuOfApplicationThreadsOnceAndNotTheObserversThreads() throws Exception {
        TransformClock clock = new TransformClock().applicationThreads(n -> !n.startsWith("perfstat-"));
        clock.prepare();
        assertThat(clock.available()).isTrue();
        long outer = clock.start();
        assertThat(outer).isNotNegative();
        assertThat(clock.start()).as("a class loaded inside the transformation").isEqualTo(-1);
        spin(20_000_000L);
        clock.stop(outer);
        long first = clock.applicationNs();
        assertThat(first).isBetween(5_000_000L, 2_000_000_000L); // 20 ms of wall time, mostly on the CPU (a busy machine takes some)

        long[] observer = new long[1];
        Thread t = new Thread(() -> {
            observer[0] = clock.start();
            spin(10_000_000L);
            clock.stop(observer[0]);
        }, "perfstat-counters");
        t.start();
        t.join();
        assertThat(observer[0]).isEqualTo(-1);
        assertThat(clock.applicationNs()).isEqualTo(first);
        assertThat(clock.start()).as("the thread's next call is timed again").isNotNegative();
    }

    @Test
    void theInstallerTimesItsTransformerOnTheClassesThatLoad() {
        ProbeInstaller installer = new ProbeInstaller(java.util.List.of(ProbeFilter.parse("perfstat.testapp.Clocked::run")));
        installer.install(net.bytebuddy.agent.ByteBuddyAgent.install());
        try {
            long before = installer.clock().applicationNs();
            assertThat(perfstat.testapp.Clocked.run(20)).isEqualTo(21); // loads the class: through the transformer
            assertThat(installer.clock().applicationNs()).isGreaterThan(before);
        } finally {
            installer.uninstall(net.bytebuddy.agent.ByteBuddyAgent.install());
        }
    }
}
