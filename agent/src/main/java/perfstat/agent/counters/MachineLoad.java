package perfstat.agent.counters;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * How busy the machine was while the counters counted: every CPU's busy time and steal time from {@code /proc/stat},
 * this JVM's own CPU time from {@code /proc/self/stat} (the same clock ticks, so that the difference is the other
 * processes'), and, where sysfs has it, the CPUs' frequency ({@code cpufreq/scaling_cur_freq}). Read by the counter
 * thread at its reads ({@link CounterReader}), never per probe call; cumulative since it was made (the counters'
 * opening).
 *
 * <p>Assumptions and guarantees:
 * <ol>
 *   <li>Never throws: a file that cannot be read makes its figures -1 and says so in {@link Reading#note()}.</li>
 *   <li>{@code /proc/stat} counts in clock ticks of {@link ProcessCounters#CLOCK_TICK_NS} (USER_HZ 100, as on every
 *       Linux this runs on); busy is user + nice + system + irq + softirq (guest time is inside user), idle and iowait
 *       are not busy, steal is apart.</li>
 *   <li>The other processes' time is the machine's busy time less this JVM's over the same two reads, never below 0.
 *       Both move in 10 ms ticks: over a window of a second the figure is good to about 0.02 CPUs.</li>
 * </ol>
 */
public final class MachineLoad {
    /** One read: cumulative since the opening, in ns (-1 where unreadable). */
    public record Reading(long machineBusyNs, long processNs, long othersNs, long stealNs, int cpus, long cpuFreqKhz,
                          String note) {
    }

    private final String statPath;
    private final String cpuDir;
    private final byte[] buf = new byte[16384];
    /** {busy ticks, steal ticks} at the opening, or null where /proc/stat cannot be read. */
    private final long[] base;
    private final long processBase;
    private final int cpus;
    /** Each CPU's scaling_cur_freq; empty where sysfs has none. */
    private final List<String> freqFiles;
    private double freqSumKhz;
    private long freqReads;

    /** On this machine: {@code /proc/stat} and {@code /sys/devices/system/cpu}. */
    public MachineLoad() {
        this("/proc/stat", "/sys/devices/system/cpu");
    }

    MachineLoad(String statPath, String cpuDir) {
        this.statPath = statPath;
        this.cpuDir = cpuDir;
        this.base = ticks();
        this.processBase = ProcessCounters.statTaskClockNs();
        this.cpus = base == null ? -1 : (int) base[2];
        this.freqFiles = freqFiles(cpuDir);
    }

    /** The machine since the opening; {@code runQueueWaitNs} is not read here (the threads' schedstat is the caller's). */
    public synchronized Reading read() {
        sampleFrequency();
        long[] now = base == null ? null : ticks();
        long process = ProcessCounters.statTaskClockNs();
        List<String> missing = new ArrayList<>();
        long busy = -1;
        long steal = -1;
        if (now == null) {
            missing.add(statPath + " cannot be read");
        } else {
            busy = (now[0] - base[0]) * ProcessCounters.CLOCK_TICK_NS;
            steal = (now[1] - base[1]) * ProcessCounters.CLOCK_TICK_NS;
        }
        long own = process < 0 || processBase < 0 ? -1 : process - processBase;
        if (own < 0) {
            missing.add("/proc/self/stat cannot be read");
        }
        long others = busy < 0 || own < 0 ? -1 : Math.max(0, busy - own);
        if (freqFiles.isEmpty()) {
            missing.add("no CPU frequency: " + cpuDir + "/cpu*/cpufreq/scaling_cur_freq absent");
        }
        long khz = freqReads == 0 ? -1 : Math.round(freqSumKhz / freqReads);
        return new Reading(busy, own, others, steal, cpus, khz, String.join("; ", missing));
    }

    /** At an interval read: one more sample of the CPUs' frequency, where sysfs has it. */
    public synchronized void sample() {
        sampleFrequency();
    }

    /** One more sample of the CPUs' mean frequency, for the mean over the reads. */
    private void sampleFrequency() {
        long sum = 0;
        int n = 0;
        for (String f : freqFiles) {
            int len = ProcessCounters.readInto(f, buf);
            long khz = len <= 0 ? -1 : ThreadCounts.number(buf, 0, len);
            if (khz > 0) {
                sum += khz;
                n++;
            }
        }
        if (n > 0) {
            freqSumKhz += (double) sum / n;
            freqReads++;
        }
    }

    /** {busy ticks, steal ticks, CPUs listed} from /proc/stat now, or null. */
    private long[] ticks() {
        int n = ProcessCounters.readInto(statPath, buf);
        if (n < 5 || buf[0] != 'c' || buf[1] != 'p' || buf[2] != 'u' || buf[3] != ' ') {
            return null;
        }
        long[] f = new long[8]; // user nice system idle iowait irq softirq steal
        int at = 3;
        for (int i = 0; i < f.length; i++) {
            while (at < n && buf[at] == ' ') {
                at++;
            }
            int start = at;
            f[i] = ThreadCounts.number(buf, at, n);
            while (at < n && buf[at] >= '0' && buf[at] <= '9') {
                at++;
            }
            if (at == start) {
                f[i] = 0; // an older kernel without steal: 0
            }
        }
        return new long[] {f[0] + f[1] + f[2] + f[5] + f[6], f[7], countCpuLines(n)};
    }

    /** The {@code cpuN} lines in the first {@code n} bytes of {@link #buf}. */
    private long countCpuLines(int n) {
        long cpuLines = 0;
        for (int i = 1; i + 3 < n; i++) {
            if (buf[i - 1] == '\n' && buf[i] == 'c' && buf[i + 1] == 'p' && buf[i + 2] == 'u' && buf[i + 3] >= '0' && buf[i + 3] <= '9') {
                cpuLines++;
            }
        }
        return cpuLines;
    }

    private static List<String> freqFiles(String cpuDir) {
        List<String> out = new ArrayList<>();
        try {
            String[] names = new File(cpuDir).list();
            if (names == null) {
                return out;
            }
            java.util.Arrays.sort(names);
            for (String name : names) {
                if (name.matches("cpu[0-9]+")) {
                    File f = new File(cpuDir + "/" + name + "/cpufreq/scaling_cur_freq");
                    if (f.canRead()) {
                        out.add(f.getPath());
                    }
                }
            }
        } catch (RuntimeException e) {
            // no sysfs: no frequency
        }
        return out;
    }
}
