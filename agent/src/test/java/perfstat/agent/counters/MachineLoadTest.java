package perfstat.agent.counters;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The machine's busy and steal time from a /proc/stat made for the test, the CPUs' frequency from a sysfs made alike. */
class MachineLoadTest {
    @TempDir
    Path dir;

    private Path stat(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal)
            throws IOException {
        return Files.writeString(dir.resolve("stat"), String.format("cpu  %d %d %d %d %d %d %d %d 0 0%n"
                + "cpu0 1 2 3 4 5 6 7 8 0 0%ncpu1 1 2 3 4 5 6 7 8 0 0%nintr 12345%nctxt 999%n",
                user, nice, system, idle, iowait, irq, softirq, steal));
    }

    @Test
    void busyIsEveryCpusTimeNotIdleAndStealIsApart() throws IOException {
        Path stat = stat(1000, 10, 200, 5000, 30, 0, 5, 2);
        MachineLoad m = new MachineLoad(stat.toString(), dir.resolve("cpu").toString());
        stat(1150, 10, 240, 5100, 90, 1, 9, 7); // +150 user, +40 system, +1 irq, +4 softirq busy; idle and iowait not
        MachineLoad.Reading r = m.read();
        assertThat(r.machineBusyNs()).isEqualTo(195 * ProcessCounters.CLOCK_TICK_NS);
        assertThat(r.stealNs()).isEqualTo(5 * ProcessCounters.CLOCK_TICK_NS);
        assertThat(r.cpus()).isEqualTo(2);
        // this JVM's own time comes off: the others' is the rest, never below 0
        assertThat(r.processNs()).isGreaterThanOrEqualTo(0);
        assertThat(r.othersNs()).isEqualTo(Math.max(0, r.machineBusyNs() - r.processNs()));
    }

    @Test
    void noCpufreqIsSaidNotZero() throws IOException {
        MachineLoad m = new MachineLoad(stat(1, 0, 0, 1, 0, 0, 0, 0).toString(), dir.resolve("cpu").toString());
        MachineLoad.Reading r = m.read();
        assertThat(r.cpuFreqKhz()).isEqualTo(-1);
        assertThat(r.note()).contains("no CPU frequency").contains("scaling_cur_freq absent");
    }

    @Test
    void theFrequencyIsTheMeanOverCpusAndReads() throws IOException {
        for (int cpu = 0; cpu < 2; cpu++) {
            Path f = Files.createDirectories(dir.resolve("cpu/cpu" + cpu + "/cpufreq"));
            Files.writeString(f.resolve("scaling_cur_freq"), (cpu == 0 ? 2_000_000 : 3_000_000) + "\n");
        }
        MachineLoad m = new MachineLoad(stat(1, 0, 0, 1, 0, 0, 0, 0).toString(), dir.resolve("cpu").toString());
        m.sample();
        Files.writeString(dir.resolve("cpu/cpu0/cpufreq/scaling_cur_freq"), "1000000\n");
        assertThat(m.read().cpuFreqKhz()).isEqualTo((2_500_000 + 2_000_000) / 2);
        assertThat(m.read().note()).isEmpty();
    }

    @Test
    void anUnreadableProcStatIsMinusOneAndSaid() {
        MachineLoad m = new MachineLoad(dir.resolve("nope").toString(), dir.resolve("cpu").toString());
        MachineLoad.Reading r = m.read();
        assertThat(r.machineBusyNs()).isEqualTo(-1);
        assertThat(r.othersNs()).isEqualTo(-1);
        assertThat(r.stealNs()).isEqualTo(-1);
        assertThat(r.note()).contains("cannot be read");
    }
}
