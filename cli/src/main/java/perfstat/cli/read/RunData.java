package perfstat.cli.read;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import org.HdrHistogram.Histogram;
import perfstat.format.CounterStatus;

/**
 * What one recording holds, as read: perfstat's events (any of which may be absent in a
 * recording perfstat did not make) and a summary of the JDK's own events. Immutable.
 *
 * @param file           the file as the user named it
 * @param workload       the model run, or null when the recording is not of a model
 * @param result         the workload's result, or null
 * @param intervalScores the workload's score per interval, in its unit
 * @param modelCounters  the model's own counters at the end
 * @param countersStart  the process counters at the start of the window, or null
 * @param countersEnd    the process counters at the end of the window, or null
 * @param probes         each probe's totals, by name
 * @param agentOptions   the agent's options as recorded, or null
 * @param timerOverheadNs what one timed call's two clock reads cost, as the agent measured it (0 if unknown)
 * @param jdk            what the JDK's events tell
 * @param perfCounters   the counters' totals for the whole process, in the order the agent opened them (empty if none)
 * @param perThread      the counters per thread that existed when the window opened (perf_event_open only)
 * @param counterWindow  how the counters were read, or null when the recording has none
 * @param probePatterns  each probe pattern as given and how many methods it matched by the end (empty in older recordings)
 * @param losses         the events the reader skipped, and what the agent counted as lost
 * @param probeCandidates for each probe pattern that matched nothing, the loaded names nearest to it (version 7; empty before)
 * @param program        the program the JVM ran, by name only (main class, jar or source file; perfstat.Agent's, else
 *                       jdk.JVMInformation's); "" where the recording does not say
 * @param roles          the counts by thread role (format 7; none in older recordings)
 * @param programScore   a command's own score, from its output (perfstat.ProgramScore, format 9), or null
 * @param machine        how busy the machine was over the window (perfstat.Machine, format 10), or {@link Machine#NONE}
 * @param lateWindow     the counters' window opened late (perfstat.LateWindow, format 10), or null where it was not asked
 * @param content        what the file held, in short, so that copies of one recording are known as copies (null: not read
 *                       from a file)
 */
public record RunData(String file, Workload workload, Result result, List<Double> intervalScores,
                      Map<String, Long> modelCounters, Counters countersStart, Counters countersEnd,
                      SortedMap<String, Probe> probes, String agentOptions, long timerOverheadNs,
                      JdkSummary jdk, List<PerfCounter> perfCounters, List<PerfCounter> perThread,
                      CounterWindow counterWindow, Map<String, Long> probePatterns, Losses losses,
                      Map<String, List<String>> probeCandidates, String program,
                      Roles roles, ProgramScore programScore, Machine machine, LateWindow lateWindow,
                      Content content) {

    public RunData {
        machine = machine == null ? Machine.NONE : machine;
    }

    /**
     * How busy the machine was over the run's window (perfstat.Machine): each figure over the window, -1 where not read.
     *
     * @param othersNs       the other processes' CPU time (the machine's busy time less this JVM's)
     * @param stealNs        the CPUs' steal time
     * @param runQueueWaitNs this JVM's threads' time runnable but not running
     * @param windowNs       the window these figures cover
     * @param cpus           the machine's CPUs
     * @param cpuFreqKhz     the CPUs' mean frequency, -1 where not readable
     * @param note           what could not be read, "" where everything was
     */
    public record Machine(long othersNs, long stealNs, long runQueueWaitNs, long windowNs, int cpus, long cpuFreqKhz,
                          String note) {
        public static final Machine NONE = new Machine(-1, -1, -1, 0, -1, -1, "");

        /** Whether the recording has the machine's figures. */
        public boolean recorded() {
            return windowNs > 0;
        }

        /** The other processes' CPU time over the window, in CPUs (0.9: most of one CPU); NaN where not read. */
        public double otherCpus() {
            return othersNs < 0 || windowNs <= 0 ? Double.NaN : othersNs / (double) windowNs;
        }
    }

    /**
     * The counters' window as it opened late (agent options delay, from): what opened it and whether it did.
     *
     * @param trigger      {@code delay} or {@code from}
     * @param target       the delay as given, or the method
     * @param opened       whether it opened; where not, the run's counts are the whole run's
     * @param openedAfterNs from the agent's start to the opening; -1 where it never opened
     */
    public record LateWindow(String trigger, String target, boolean opened, long openedAfterNs) {
    }

    /**
     * What a run counted over its window, as the counter rows and the role rows are made of it: the counters' totals
     * for the whole process and the counts by thread role (one interval of {@code stat -I}: the differences between
     * two reads).
     */
    public record Counts(List<PerfCounter> perfCounters, Roles roles) {
        public Counts {
            perfCounters = List.copyOf(perfCounters);
        }

        /**
         * The counters that counted, scaled, by perf's name without modifiers: what perf's derived figures relate; of two
         * forms of one event ({@code task-clock}, {@code task-clock:u}) the first opened, as the split by role is.
         */
        public Map<String, Double> totals() {
            Map<String, Double> out = new java.util.HashMap<>();
            for (PerfCounter c : perfCounters) {
                if (c.counted()) {
                    out.putIfAbsent(c.baseEvent(), c.scaled());
                }
            }
            return out;
        }
    }

    /** What the run counted over its window. */
    public Counts counts() {
        return new Counts(perfCounters, roles);
    }

    /** A run of {@code file} with nothing in it yet: each part absent until a wither gives it. */
    public static RunData of(String file) {
        return new RunData(file, null, null, List.of(), Map.of(), null, null, new java.util.TreeMap<>(), null, 0, JdkSummary.NONE,
                List.of(), List.of(), null, Map.of(), Losses.NONE, Map.of(), "", Roles.NONE, null, Machine.NONE, null, null);
    }

    /** This run with the model run (null: not a model's). */
    public RunData withWorkload(Workload workload) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with the workload's result. */
    public RunData withResult(Result result) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with the workload's score per interval. */
    public RunData withIntervalScores(List<Double> intervalScores) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with the model's own counters at the end. */
    public RunData withModelCounters(Map<String, Long> modelCounters) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with the process counters at the window's start and end (perfstat.Counters), either null where not read. */
    public RunData withCounters(Counters countersStart, Counters countersEnd) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with each probe's totals, by name. */
    public RunData withProbes(SortedMap<String, Probe> probes) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with the agent's options as recorded (null: none) and what one timed call's clock reads cost (0: unknown). */
    public RunData withAgent(String agentOptions, long timerOverheadNs) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with what the JDK's events tell. */
    public RunData withJdk(JdkSummary jdk) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with the counters' totals for the whole process. */
    public RunData withPerfCounters(List<PerfCounter> perfCounters) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with the counters per thread. */
    public RunData withPerThread(List<PerfCounter> perThread) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with how the counters were read. */
    public RunData withCounterWindow(CounterWindow counterWindow) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with each probe pattern and how many methods it matched. */
    public RunData withProbePatterns(Map<String, Long> probePatterns) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with what was lost on the way. */
    public RunData withLosses(Losses losses) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with the loaded names nearest to each pattern that matched nothing. */
    public RunData withProbeCandidates(Map<String, List<String>> probeCandidates) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with the program the JVM ran, by name. */
    public RunData withProgram(String program) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with the counts by thread role. */
    public RunData withRoles(Roles roles) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with a command's own score. */
    public RunData withProgramScore(ProgramScore programScore) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with how busy the machine was over the window. */
    public RunData withMachine(Machine machine) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with the counters' window as it opened late. */
    public RunData withLateWindow(LateWindow lateWindow) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /** This run with the fingerprint of the file it was read from. */
    public RunData withContent(Content content) {
        return new RunData(file, workload, result, intervalScores, modelCounters, countersStart, countersEnd, probes,
                agentOptions, timerOverheadNs, jdk, perfCounters, perThread, counterWindow, probePatterns, losses,
                probeCandidates, program, roles, programScore, machine, lateWindow, content);
    }

    /**
     * A recording's content, in short: its length, a hash of its chunk headers (each chunk's size, offsets, start and
     * duration to the nanosecond, which no two recordings share) and a CRC-32C of all its bytes (after gunzip). Two files
     * with equal contents are copies of one recording.
     */
    public record Content(long bytes, long headers, long crc) {
    }

    /**
     * What was lost on the way: events of the recording the reader could not use (skipped, as
     * {@code jfr summary} still counts them), and what the agent counted as failed while it ran
     * (0 where the recording does not say: older formats, or no agent).
     *
     * @param skipped             the skipped events, by type and cause
     * @param installerErrors     classes the probe installer failed to transform (Byte Buddy's errors)
     * @param classesInvisible    classes a pattern matched whose loader cannot see the probe runtime: not probed
     * @param probesDropped       methods a pattern matched past the probe runtime's limit of probes: not probed
     * @param probeFailures       errors suppressed inside probes (a timed call's record)
     * @param counterReadFailures interval reads of the counters that failed (each costs that interval's row)
     * @param notProbed           the methods a probe pattern matched that the agent did not probe, each with why
     *                            (perfstat.NotProbed, format 11; empty before), by name
     */
    public record Losses(List<Skipped> skipped, long installerErrors, long classesInvisible, long probesDropped,
                         long probeFailures, long counterReadFailures, List<Unprobed> notProbed) {
        public static final Losses NONE = new Losses(List.of(), 0, 0, 0, 0, 0);

        public Losses {
            skipped = List.copyOf(skipped);
            notProbed = notProbed == null ? List.of() : List.copyOf(notProbed);
        }

        /** Without the methods not probed (before format 11). */
        public Losses(List<Skipped> skipped, long installerErrors, long classesInvisible, long probesDropped,
                      long probeFailures, long counterReadFailures) {
            this(skipped, installerErrors, classesInvisible, probesDropped, probeFailures, counterReadFailures, List.of());
        }

        /** Whether the agent counted anything as lost. */
        public boolean agentLost() {
            return installerErrors + classesInvisible + probesDropped + probeFailures + counterReadFailures > 0;
        }
    }

    /**
     * A method a probe pattern matched that the agent did not probe (perfstat.NotProbed): it ran as it was, uncounted.
     *
     * @param method  as its probe's row would name it ({@code pkg.Class::method}), or the pattern where the agent looked
     *                at no method of it
     * @param reason  why
     * @param detail  for a class that could not be rewritten, the exception's class name; "" otherwise
     * @param pattern the pattern that matched it, as given
     */
    public record Unprobed(String method, perfstat.format.NotProbed reason, String detail, String pattern) {
    }

    /**
     * The window's counts by thread role (perfstat.ThreadRole), in {@link perfstat.format.ThreadRole}'s order, the
     * ended row last; empty with {@code note} where the agent could not read the threads one by one, empty without a
     * note in a recording that has none.
     *
     * @param counts   one per role
     * @param note     why there is no split, or null
     * @param estimate null where the counts were measured (perfstat.ThreadRole); where they are derived from the
     *                 JDK's jdk.ThreadCPULoad (a recording made without perfstat), what the estimate rests on
     * @param events   counts of other events by role (perfstat.ThreadRoleCounter, format 8), empty where none
     * @param compiles the JIT's compile time inside the window, the observer's code's apart (jdk.Compilation);
     *                 {@link Compiles#NONE} where the recording has none
     */
    public record Roles(List<RoleCount> counts, String note, Estimate estimate, List<RoleEvent> events, Compiles compiles) {
        public static final Roles NONE = new Roles(List.of(), null);

        public Roles {
            counts = List.copyOf(counts);
            events = List.copyOf(events);
            compiles = compiles == null ? Compiles.NONE : compiles;
        }

        /** As below, without compilations. */
        public Roles(List<RoleCount> counts, String note, Estimate estimate, List<RoleEvent> events) {
            this(counts, note, estimate, events, Compiles.NONE);
        }

        /** The same counts with the window's compilations. */
        public Roles withCompiles(Compiles c) {
            return new Roles(counts, note, estimate, events, c);
        }

        /** Measured counts, or the note why there are none, without counts of other events by role. */
        public Roles(List<RoleCount> counts, String note) {
            this(counts, note, null, List.of());
        }

        /** Counts derived from jdk.ThreadCPULoad, with what the estimate rests on. */
        public Roles(List<RoleCount> counts, String note, Estimate estimate) {
            this(counts, note, estimate, List.of());
        }

        /** Measured counts with counts of other events by role (perfstat.ThreadRoleCounter, format 8). */
        public Roles(List<RoleCount> counts, String note, List<RoleEvent> events) {
            this(counts, note, null, events);
        }

        /** Whether the counts are an estimate from jdk.ThreadCPULoad rather than measured. */
        public boolean derived() {
            return estimate != null;
        }
    }

    /**
     * The JIT's compilations inside the counters' window (jdk.Compilation's durations; one straddling a bound by its
     * overlap): wall time of the compiler threads, not their CPU time.
     *
     * @param observerNs   compile time of JFR's and perfstat's classes ({@link ObserverCode})
     * @param allNs        compile time of every class
     * @param compilations the compilations counted
     */
    public record Compiles(long observerNs, long allNs, long compilations) {
        public static final Compiles NONE = new Compiles(0, 0, 0);

        /** The observer's share of the compile time, 0 where nothing was compiled. */
        public double observerShare() {
            return allNs <= 0 ? 0 : Math.min(1, (double) observerNs / allNs);
        }
    }

    /**
     * What counts derived from jdk.ThreadCPULoad rest on.
     *
     * @param periodNs the event's period as its periodic passes show it, 0 below two passes
     * @param cpus     the processors the JDK divided each load by (jdk.ContainerConfiguration's effective count, else
     *                 jdk.CPUInformation's hardware threads)
     * @param events   the jdk.ThreadCPULoad events read
     */
    public record Estimate(long periodNs, int cpus, long events) {
    }

    /**
     * One role's count of an event other than task-clock over the window (perfstat.ThreadRoleCounter, format 8): the
     * per-thread perf_event_open counters of its threads present at the opening, their descendants included.
     *
     * @param event  the event as asked ({@code page-faults}, {@code cycles:u})
     * @param value  the count, scaled
     * @param source the event's counter's source
     */
    public record RoleEvent(perfstat.format.ThreadRole role, String event, long value, String source) {
    }

    /**
     * One role's counts over the window.
     *
     * @param taskClockNs CPU time of its threads
     * @param voluntary   voluntary context switches (-1: not known, as for the ended row)
     * @param involuntary involuntary context switches (-1: not known)
     * @param threads     its threads seen in the window
     * @param source      where taskClockNs came from
     */
    public record RoleCount(perfstat.format.ThreadRole role, long taskClockNs, long voluntary, long involuntary, int threads,
                            String source) {
    }

    /**
     * Events of one type that the reader skipped for one cause.
     *
     * @param field the field concerned, or "" (a frame without a method; another failure: its text)
     */
    public record Skipped(String eventType, Cause cause, String field, long events) {
        /** Why an event could not be used. */
        public enum Cause {
            /** A frame of its stack trace has no method ({@code RecordedFrame.getMethod()} is null). */
            FRAME_WITHOUT_METHOD,
            /** It lacks a field the reader reads. */
            MISSING_FIELD,
            /** A field the reader reads has another type (a String where a number is read). */
            FIELD_OF_ANOTHER_TYPE,
            /** A field the reader needs is null. */
            FIELD_WITHOUT_VALUE,
            /** Anything else the reader met in it; {@code field} holds the failure's text. */
            OTHER
        }
    }

    /**
     * One counter as the agent read it. {@code value} is raw; {@link #scaled()} scales it by
     * time enabled over time running, as perf does.
     */
    public record PerfCounter(String event, long value, long enabledNs, long runningNs, CounterStatus status,
                              String source, long windowNs, int tid, String threadName) {
        public boolean counted() {
            return status == CounterStatus.COUNTED;
        }

        public boolean supported() {
            return status != CounterStatus.NOT_SUPPORTED;
        }

        public double scaled() {
            return perfstat.format.CounterEvents.scaled(value, enabledNs, runningNs);
        }

        /** The share of the window the counter ran, in percent (100 unless multiplexed). */
        public double runningPct() {
            return enabledNs <= 0 ? 100 : Math.min(100, 100.0 * runningNs / enabledNs);
        }

        /** perf's name without modifiers. */
        public String baseEvent() {
            return perfstat.format.CounterEvents.baseName(event);
        }
    }

    /**
     * @param mode        perf_event_open, perf_event_open (user only), or procfs
     * @param note        why the mode is not plain perf_event_open, or ""
     * @param window      from the counters' opening to the last read
     * @param readerCpuNs CPU time of the agent's counter thread, up to its last interval read
     * @param readerFirstReadCpuNs the same up to its first read (-1 if it never read)
     * @param agentStartCpuNs the process's CPU time while the agent started, before the window opened (-1 if not recorded)
     */
    public record CounterWindow(String mode, String note, Duration interval, Duration window, long userNs,
                                long systemNs, long reads, int descriptors, long readerCpuNs, long readerFirstReadCpuNs,
                                long agentStartCpuNs) {
        /** CPU per interval read once started (NaN below two reads). */
        public double steadyCpuNsPerRead() {
            return reads < 2 || readerFirstReadCpuNs < 0 ? Double.NaN
                    : (readerCpuNs - readerFirstReadCpuNs) / (double) (reads - 1);
        }
    }

    public record Workload(int formatVersion, String model, String variant, String workload, int threads,
                           int cpus, int cores, String jvmVersion, Duration duration, Duration warmup,
                           Duration interval, String scoreName, String scoreUnit, boolean higherIsBetter,
                           String options, boolean fixedWork, boolean simulated, String unitName, String unitCounter) {
        /** A workload without a natural unit of work (a JMH benchmark; perfstat's format before 10). */
        public Workload(int formatVersion, String model, String variant, String workload, int threads,
                        int cpus, int cores, String jvmVersion, Duration duration, Duration warmup,
                        Duration interval, String scoreName, String scoreUnit, boolean higherIsBetter,
                        String options, boolean fixedWork, boolean simulated) {
            this(formatVersion, model, variant, workload, threads, cpus, cores, jvmVersion, duration, warmup, interval,
                    scoreName, scoreUnit, higherIsBetter, options, fixedWork, simulated, "", "");
        }
    }

    public record Result(double score, long units, Duration elapsed) {
    }

    /**
     * A command's own score: the numbers its output printed that the user's {@code --score} pattern found.
     *
     * @param name           what the table calls it ({@code loop_ms})
     * @param unit           its unit, "" where the user gave none
     * @param higherIsBetter whether a larger number is an improvement
     * @param score          the mean of the numbers: the run's score
     * @param values         the numbers, in the order printed
     */
    public record ProgramScore(String name, String unit, boolean higherIsBetter, double score, List<Double> values,
                               boolean iterations, IterationSeries series) {
        public ProgramScore {
            values = List.copyOf(values);
        }

        /** Numbers the program printed: one score's samples ({@code --score}), or its iterations ({@code --iteration-score}). */
        public ProgramScore(String name, String unit, boolean higherIsBetter, double score, List<Double> values,
                            boolean iterations) {
            this(name, unit, higherIsBetter, score, values, iterations, null);
        }

        /** A score whose numbers are one score's samples ({@code --score}), not iterations. */
        public ProgramScore(String name, String unit, boolean higherIsBetter, double score, List<Double> values) {
            this(name, unit, higherIsBetter, score, values, false);
        }

        /** The iterations of a method the agent timed ({@code --iteration}), as a score: their wall times in ms, lower better. */
        public static ProgramScore of(IterationSeries s) {
            List<Double> ms = new java.util.ArrayList<>(s.wallNs().length);
            for (long w : s.wallNs()) {
                ms.add(w / 1e6);
            }
            double mean = ms.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
            return new ProgramScore(s.shortName(), "ms", false, mean, ms, true, s);
        }
    }

    /**
     * The iterations of the method agent option {@code iteration=} names (perfstat.Iterations, format 13), in the order
     * they ended: each one's end (as an instant of the recording's clock), wall time, CPU time on its thread and bytes
     * its thread allocated (-1 where unknown).
     *
     * @param method  the pattern as given
     * @param dropped iterations past the agent's limit, not kept
     * @param threads the threads that ran iterations
     */
    public record IterationSeries(String method, Instant[] ends, long[] wallNs, long[] cpuNs, long[] allocatedBytes,
                                  long dropped, long threads, List<Moment> moments) {
        public IterationSeries {
            moments = List.copyOf(moments);
        }

        public IterationSeries(String method, Instant[] ends, long[] wallNs, long[] cpuNs, long[] allocatedBytes,
                               long dropped, long threads) {
            this(method, ends, wallNs, cpuNs, allocatedBytes, dropped, threads, List.of());
        }

        /** The same iterations with what the recording shows happening while they ran. */
        public IterationSeries withMoments(List<Moment> m) {
            return new IterationSeries(method, ends, wallNs, cpuNs, allocatedBytes, dropped, threads, m);
        }

        /** The method as a row names it: its class's simple name and the method ({@code LuBench::step}). */
        public String shortName() {
            int colons = method.indexOf("::");
            String cls = colons < 0 ? method : method.substring(0, colons);
            String rest = colons < 0 ? "" : method.substring(colons);
            return cls.substring(cls.lastIndexOf('.') + 1) + rest;
        }

        public int size() {
            return wallNs.length;
        }
    }

    /**
     * Something the recording shows happening at a moment of a run with iterations: a compilation ending (its code in
     * use from then), a deoptimisation, a GC (from {@code at} to {@code until}).
     *
     * @param what the method ({@code Class::method}) or the collector's name
     * @param detail the compiler's level ({@code C2}, {@code C1}), the deoptimisation's reason, the GC's cause
     */
    public record Moment(Kind kind, Instant at, Instant until, String what, String detail) {
        public enum Kind { COMPILED, DEOPTIMIZED, GC }
    }

    /** Process counters; -1 where a counter could not be read. */
    public record Counters(Instant time, long taskClockNs, long voluntaryContextSwitches,
                           long involuntaryContextSwitches, long cpuMigrations, long minorFaults,
                           long majorFaults, String source) {
    }

    public record Probe(String name, long calls, long timedCalls, String timing, long sampleMeanGap,
                        Histogram latencyNs) {
    }

    /**
     * What the JDK's own events say.
     *
     * @param eventCounts            events per JDK event type, of the types the reader reads (a filtered pass skips the rest)
     * @param span                   the recording's span from its chunk headers (first chunk's start to last chunk's
     *                               end); from the first to the last event read where the headers cannot say; null
     *                               when empty. Not the window perfstat's counters cover (see CounterWindow)
     * @param derivedCpuNs           the JVM's CPU time from jdk.CPULoad (user + system, a fraction of the machine,
     *                               times its hardware threads, integrated between samples), NaN without those events
     * @param machineContextSwitches context switches of the whole machine from jdk.ThreadContextSwitchRate integrated
     *                               between samples, NaN without those events
     * @param totals                 the JDK's totals by the row they make (allocation-bytes, file-read-bytes,
     *                               safepoints, exceptions, ...), present only where the recording had their events, or
     *                               (for a count or sum of events) enabled them: 0 then
     * @param hot                    the methods the execution samples found, self and inclusive
     * @param contentionThreshold    the threshold of the contention events ({@code monitors}, {@code parks}) as perfstat's
     *                               agent recorded it (perfstat.Agent); empty where the recording does not say
     * @param cpuLoadCovered         the time jdk.CPULoad's samples cover, from the first to the last (the share of the
     *                               recording {@code derivedCpuNs} integrates over); zero below two samples
     * @param cpuLoadShare           the share of the JVM's life (from its start, jdk.JVMInformation, to the recording's
     *                               end) that {@code cpuLoadCovered} is; NaN below two samples
     * @param settings               the recording's settings (jdk.ActiveSetting): what it enabled, with what threshold
     * @param setup                  what the run was: the JDK, collector, heap, JIT, flags, CPU, container, governor,
     *                               THP, perfstat's format and options, as far as the recording says
     */
    public record JdkSummary(SortedMap<String, Long> eventCounts, Duration span, long gcCount,
                             Duration gcPauseTotal, double meanJvmCpuLoad, Contention monitors, Contention parks,
                             List<BlockedSite> topSites, double derivedCpuNs, double machineContextSwitches,
                             Map<JdkTotal, Double> totals, HotMethods hot, Optional<Duration> contentionThreshold,
                             Duration cpuLoadCovered, double cpuLoadShare, java.util.Set<String> gcNames,
                             Settings settings, Setup setup) {

        /** A recording's summary without any of the JDK's events: each part absent until a wither gives it. */
        public static final JdkSummary NONE = new JdkSummary(new java.util.TreeMap<>(), null, 0, Duration.ZERO, Double.NaN,
                new Contention(0, Duration.ZERO), new Contention(0, Duration.ZERO), List.of(), Double.NaN, Double.NaN, Map.of(),
                HotMethods.NONE, Optional.empty(), Duration.ZERO, Double.NaN, java.util.Set.of(), Settings.NONE, Setup.NONE);

        public JdkSummary {
            gcNames = java.util.Set.copyOf(gcNames);
            Map<JdkTotal, Double> t = new java.util.EnumMap<>(JdkTotal.class);
            t.putAll(totals);
            totals = java.util.Collections.unmodifiableMap(t);
            setup = setup == null ? Setup.NONE : setup;
        }

        /**
         * Whether the recording counted an event type: it has events of it, or its settings say it enabled it (and
         * then none is a count of 0).
         */
        public boolean counted(String type) {
            return eventCounts.containsKey(type) || settings.enabled(type).orElse(false);
        }

        /** Whether every collection recorded is Serial's (DefNew, SerialOld): a collector without GC threads of its own. */
        public boolean serialOnly() {
            return !gcNames.isEmpty() && gcNames.stream().allMatch(n -> n.equals("DefNew") || n.equals("SerialOld"));
        }

        /** This summary with events per JDK event type. */
        public JdkSummary withEventCounts(SortedMap<String, Long> eventCounts) {
            return new JdkSummary(eventCounts, span, gcCount, gcPauseTotal, meanJvmCpuLoad, monitors, parks,
                    topSites, derivedCpuNs, machineContextSwitches, totals, hot, contentionThreshold, cpuLoadCovered,
                    cpuLoadShare, gcNames, settings, setup);
        }

        /** This summary with the recording's span. */
        public JdkSummary withSpan(Duration span) {
            return new JdkSummary(eventCounts, span, gcCount, gcPauseTotal, meanJvmCpuLoad, monitors, parks,
                    topSites, derivedCpuNs, machineContextSwitches, totals, hot, contentionThreshold, cpuLoadCovered,
                    cpuLoadShare, gcNames, settings, setup);
        }

        /** This summary with the collections and their pauses in all. */
        public JdkSummary withGc(long gcCount, Duration gcPauseTotal) {
            return new JdkSummary(eventCounts, span, gcCount, gcPauseTotal, meanJvmCpuLoad, monitors, parks,
                    topSites, derivedCpuNs, machineContextSwitches, totals, hot, contentionThreshold, cpuLoadCovered,
                    cpuLoadShare, gcNames, settings, setup);
        }

        /** This summary with the JVM's mean CPU load (jdk.CPULoad). */
        public JdkSummary withMeanJvmCpuLoad(double meanJvmCpuLoad) {
            return new JdkSummary(eventCounts, span, gcCount, gcPauseTotal, meanJvmCpuLoad, monitors, parks,
                    topSites, derivedCpuNs, machineContextSwitches, totals, hot, contentionThreshold, cpuLoadCovered,
                    cpuLoadShare, gcNames, settings, setup);
        }

        /** This summary with the contention events: monitors', parks', the sites, and the threshold as the agent recorded it. */
        public JdkSummary withContention(Contention monitors, Contention parks, List<BlockedSite> topSites, Optional<Duration> contentionThreshold) {
            return new JdkSummary(eventCounts, span, gcCount, gcPauseTotal, meanJvmCpuLoad, monitors, parks,
                    topSites, derivedCpuNs, machineContextSwitches, totals, hot, contentionThreshold, cpuLoadCovered,
                    cpuLoadShare, gcNames, settings, setup);
        }

        /** This summary with the JVM's CPU from jdk.CPULoad, the time its samples cover, and their share of the JVM's life. */
        public JdkSummary withDerivedCpu(double derivedCpuNs, Duration cpuLoadCovered, double cpuLoadShare) {
            return new JdkSummary(eventCounts, span, gcCount, gcPauseTotal, meanJvmCpuLoad, monitors, parks,
                    topSites, derivedCpuNs, machineContextSwitches, totals, hot, contentionThreshold, cpuLoadCovered,
                    cpuLoadShare, gcNames, settings, setup);
        }

        /** This summary with the machine's context switches (jdk.ThreadContextSwitchRate). */
        public JdkSummary withMachineContextSwitches(double machineContextSwitches) {
            return new JdkSummary(eventCounts, span, gcCount, gcPauseTotal, meanJvmCpuLoad, monitors, parks,
                    topSites, derivedCpuNs, machineContextSwitches, totals, hot, contentionThreshold, cpuLoadCovered,
                    cpuLoadShare, gcNames, settings, setup);
        }

        /** This summary with the JDK's totals. */
        public JdkSummary withTotals(Map<JdkTotal, Double> totals) {
            return new JdkSummary(eventCounts, span, gcCount, gcPauseTotal, meanJvmCpuLoad, monitors, parks,
                    topSites, derivedCpuNs, machineContextSwitches, totals, hot, contentionThreshold, cpuLoadCovered,
                    cpuLoadShare, gcNames, settings, setup);
        }

        /** This summary with what the method samples say. */
        public JdkSummary withHot(HotMethods hot) {
            return new JdkSummary(eventCounts, span, gcCount, gcPauseTotal, meanJvmCpuLoad, monitors, parks,
                    topSites, derivedCpuNs, machineContextSwitches, totals, hot, contentionThreshold, cpuLoadCovered,
                    cpuLoadShare, gcNames, settings, setup);
        }

        /** This summary with the collections' names. */
        public JdkSummary withGcNames(java.util.Set<String> gcNames) {
            return new JdkSummary(eventCounts, span, gcCount, gcPauseTotal, meanJvmCpuLoad, monitors, parks,
                    topSites, derivedCpuNs, machineContextSwitches, totals, hot, contentionThreshold, cpuLoadCovered,
                    cpuLoadShare, gcNames, settings, setup);
        }

        /** This summary with the recording's settings. */
        public JdkSummary withSettings(Settings settings) {
            return new JdkSummary(eventCounts, span, gcCount, gcPauseTotal, meanJvmCpuLoad, monitors, parks,
                    topSites, derivedCpuNs, machineContextSwitches, totals, hot, contentionThreshold, cpuLoadCovered,
                    cpuLoadShare, gcNames, settings, setup);
        }

        /** This summary with what the run was. */
        public JdkSummary withSetup(Setup setup) {
            return new JdkSummary(eventCounts, span, gcCount, gcPauseTotal, meanJvmCpuLoad, monitors, parks,
                    topSites, derivedCpuNs, machineContextSwitches, totals, hot, contentionThreshold, cpuLoadCovered,
                    cpuLoadShare, gcNames, settings, setup);
        }

    }

    /**
     * The recording's settings from its jdk.ActiveSetting events: per event type (by its jdk. name), each setting's
     * value as JFR writes it ({@code enabled} "true", {@code threshold} "20 ms", {@code period} "1000 ms", ...).
     * Empty where the recording has no such events (a recording made through the Recording API without them, or
     * perfstat's before format 10): then it does not say what was enabled.
     */
    public record Settings(Map<String, Map<String, String>> byEvent) {
        public static final Settings NONE = new Settings(Map.of());

        public Settings {
            Map<String, Map<String, String>> copy = new java.util.LinkedHashMap<>();
            byEvent.forEach((k, v) -> copy.put(k, Map.copyOf(v)));
            byEvent = java.util.Collections.unmodifiableMap(copy);
        }

        /** Whether the recording says what it enabled. */
        public boolean recorded() {
            return !byEvent.isEmpty();
        }

        /** Whether the recording enabled the event type; empty where it does not say ({@link #recorded()} false). */
        public Optional<Boolean> enabled(String type) {
            return recorded() ? Optional.of(value(type, "enabled").map("true"::equals).orElse(false)) : Optional.empty();
        }

        /** A setting of an event type, as recorded. */
        public Optional<String> value(String type, String setting) {
            return Optional.ofNullable(byEvent.getOrDefault(type, Map.of()).get(setting));
        }
    }

    /**
     * The JDK's contention events of one kind (above the recording's threshold): how many, and how long they blocked in
     * all; and those left out as the observer's (perfstat's or JFR's own code on the stack: JFR's periodic task, an
     * attaching agent's locks), which the table counts apart.
     *
     * @param count           the program's events
     * @param blocked         their time in all
     * @param observerCount   the events left out as perfstat's or JFR's own
     * @param observerBlocked their time in all
     */
    public record Contention(long count, Duration blocked, long observerCount, Duration observerBlocked) {
        public Contention(long count, Duration blocked) {
            this(count, blocked, 0, Duration.ZERO);
        }
    }

    /**
     * Where threads blocked: the first frame of the stack outside the JDK.
     *
     * @param kind "monitor" (jdk.JavaMonitorEnter) or "park" (jdk.ThreadPark)
     */
    public record BlockedSite(String site, String kind, long count, Duration blocked) {
    }

    /** Whether the recording has any event perfstat made. */
    public boolean hasPerfstatEvents() {
        return workload != null || countersEnd != null || !probes.isEmpty() || result != null || counterWindow != null
                || programScore != null;
    }

    /** A short label for a column: the variant, else the file name. */
    public String label() {
        if (workload != null) {
            return workload.variant();
        }
        String name = java.nio.file.Path.of(file).getFileName().toString();
        return name.endsWith(".jfr") ? name.substring(0, name.length() - 4) : name;
    }

    /**
     * What the JDK's method samples say (jdk.ExecutionSample; jdk.NativeMethodSample kept apart):
     * per method ({@code pkg.Class::method}), the samples in which it was the top frame (self) and
     * those in which it was anywhere on the stack (total, each method once a sample).
     *
     * @param samples       execution samples with a stack trace
     * @param self          samples per method as the top frame
     * @param total         samples per method anywhere on the stack
     * @param nativeSamples native method samples with a stack trace
     * @param nativeSelf    native samples per method as the top frame
     * @param sampleEvent   the JDK event the samples are ({@code jdk.CPUTimeSample} where the recording has
     *                      CPU-time samples, else {@code jdk.ExecutionSample}); "" without samples
     * @param folded        the samples' stacks folded as flame-graph tools read them ({@code root;…;top} to its
     *                      count), frames as in {@code self}; at most {@link #MAX_STACKS} distinct stacks and
     *                      {@link #MAX_DEPTH} frames each (the rest under {@link #OTHER_STACKS})
     * @param outsideWindow samples (of {@code sampleEvent}) taken outside the counters' window (the agent's
     *                      start, JFR's exit), left out of all the above
     * @param biased        of {@code samples}, those JFR marks biased ({@code jdk.CPUTimeSample}'s {@code biased}: it
     *                      could not walk the thread's stack where it was and took it at the thread's next safepoint);
     *                      counted at their top frames as the others are
     */
    public record HotMethods(long samples, Map<String, Long> self, Map<String, Long> total, long nativeSamples,
                             Map<String, Long> nativeSelf, String sampleEvent, Map<String, Long> folded, long outsideWindow,
                             long biased) {
        public static final HotMethods NONE = new HotMethods(0, Map.of(), Map.of(), 0, Map.of());
        /** The frame that stands for perfstat's own code (its agent and the libraries it carries shaded) and what it calls. */
        public static final String PERFSTAT_PROBES = "[perfstat probes]";
        /** Distinct folded stacks kept per recording: a large recording's stacks cannot fill the reader's memory. */
        public static final int MAX_STACKS = 20_000;
        /** Frames kept per folded stack, from the root (JFR's own default stack depth). */
        public static final int MAX_DEPTH = 64;
        /** The stack that holds the samples of the stacks over {@link #MAX_STACKS}. */
        public static final String OTHER_STACKS = "[other stacks]";

        public HotMethods(long samples, Map<String, Long> self, Map<String, Long> total, long nativeSamples,
                          Map<String, Long> nativeSelf) {
            this(samples, self, total, nativeSamples, nativeSelf, "", Map.of());
        }

        public HotMethods(long samples, Map<String, Long> self, Map<String, Long> total, long nativeSamples,
                          Map<String, Long> nativeSelf, String sampleEvent, Map<String, Long> folded) {
            this(samples, self, total, nativeSamples, nativeSelf, sampleEvent, folded, 0, 0);
        }
    }
}
