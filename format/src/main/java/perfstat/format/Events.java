package perfstat.format;

/**
 * Every perfstat JFR event's name and its field names (docs/recording-format.md): the agent's,
 * the models' and the JMH profiler's. The writers' event classes name themselves and their
 * fields with these ({@code @Name}); the reader looks events and fields up by them. All are
 * compile-time constants, so a writer's class file carries the text itself and needs this
 * module only to compile.
 */
public final class Events {
    private Events() {
    }

    /** The agent started measuring this JVM (written by the agent, once). */
    public static final class Agent {
        public static final String NAME = "perfstat.Agent";
        public static final String FORMAT_VERSION = "formatVersion";
        public static final String AGENT_VERSION = "agentVersion";
        public static final String OPTIONS = "options";
        public static final String JVM_VERSION = "jvmVersion";
        public static final String CORES = "cores";
        public static final String TIMER_OVERHEAD_NS = "timerOverheadNs";
        public static final String INSTRUMENTED_METHODS = "instrumentedMethods";
        public static final String START_CPU_NS = "startCpuNs";
        /** New in version 5: the threshold of the JDK's contention events in this recording. */
        public static final String CONTENTION_THRESHOLD_NS = "contentionThresholdNs";
        /**
         * New in version 7: the program the JVM runs, its main class or jar's (or source file's) name, without a
         * directory or arguments; "" where the launcher named none.
         */
        public static final String PROGRAM = "program";

        private Agent() {
        }
    }

    /** The process's OS counters (procfs) at the start or the end of the window. */
    public static final class Counters {
        public static final String NAME = "perfstat.Counters";
        /** {@link Phase#START}, {@link Phase#END}, {@link Phase#WINDOW_START} or {@link Phase#WINDOW_END}. */
        public static final String PHASE = "phase";
        public static final String TASK_CLOCK_NS = "taskClockNs";
        public static final String VOLUNTARY_CONTEXT_SWITCHES = "voluntaryContextSwitches";
        public static final String INVOLUNTARY_CONTEXT_SWITCHES = "involuntaryContextSwitches";
        public static final String CPU_MIGRATIONS = "cpuMigrations";
        public static final String MINOR_FAULTS = "minorFaults";
        public static final String MAJOR_FAULTS = "majorFaults";
        public static final String SOURCE = "source";

        private Counters() {
        }
    }

    /**
     * New in version 10: what makes this run comparable with another that the JDK's own events do not hold (the JDK's
     * vendor and mode, the CPUs the JVM saw, the machine's CPU frequency governor and transparent huge pages), written
     * by the agent once, with {@link Agent}. Never an environment variable, a system property dumped whole or a path.
     */
    public static final class Setup {
        public static final String NAME = "perfstat.Setup";
        /** The JVM's name ({@code OpenJDK 64-Bit Server VM}). */
        public static final String JVM_NAME = "jvmName";
        /** The JVM's vendor ({@code Eclipse Adoptium}). */
        public static final String JVM_VENDOR = "jvmVendor";
        /** The Java runtime's version ({@code 25.0.3+9-LTS}). */
        public static final String JVM_VERSION = "jvmVersion";
        /** How the JVM runs code and whether it shares classes ({@code mixed mode, sharing}, {@code interpreted mode}). */
        public static final String JVM_INFO = "jvmInfo";
        /** The processors the JVM saw ({@code Runtime.availableProcessors()}). */
        public static final String AVAILABLE_PROCESSORS = "availableProcessors";
        /** CPU 0's frequency governor ({@code performance}, {@code powersave}); "" where the machine does not say. */
        public static final String SCALING_GOVERNOR = "scalingGovernor";
        /** The machine's transparent huge pages mode ({@code always}, {@code madvise}, {@code never}); "" where unknown. */
        public static final String TRANSPARENT_HUGE_PAGES = "transparentHugePages";
        /** Their defragmentation mode ({@code madvise}, {@code defer}, ...); "" where unknown. */
        public static final String TRANSPARENT_HUGE_PAGES_DEFRAG = "transparentHugePagesDefrag";

        private Setup() {
        }
    }

    /** One counter's value since the counters opened. */
    public static final class PerfCounter {
        public static final String NAME = "perfstat.PerfCounter";
        /** {@link Phase#INTERVAL}, {@link Phase#END}, {@link Phase#WINDOW_START} or {@link Phase#WINDOW_END}. */
        public static final String PHASE = "phase";
        public static final String EVENT = "event";
        public static final String VALUE = "value";
        /**
         * New in version 10: the value of a counter of time (task-clock, cpu-clock) as a timespan in ns, which JFR's
         * tools and JMC print as a time; {@code Long.MIN_VALUE} (printed N/A) for a count, whose {@link #VALUE} alone
         * holds it.
         */
        public static final String VALUE_NS = "valueNs";
        public static final String ENABLED_NS = "enabledNs";
        public static final String RUNNING_NS = "runningNs";
        /** A {@link CounterStatus}'s {@link CounterStatus#text() text}. */
        public static final String STATUS = "status";
        /** A {@link CounterSource}, with the reason when not supported. */
        public static final String SOURCE = "source";
        public static final String WINDOW_NS = "windowNs";
        public static final String TID = "tid";
        public static final String THREAD_NAME = "threadName";

        private PerfCounter() {
        }
    }

    /** How the counters were read, and what reading them cost. */
    public static final class CounterReader {
        public static final String NAME = "perfstat.CounterReader";
        /** {@link CounterSource#PERF_EVENT_OPEN}, {@link CounterSource#PERF_EVENT_OPEN_USER} or {@link CounterSource#PROCFS}. */
        public static final String MODE = "mode";
        public static final String NOTE = "note";
        public static final String INTERVAL_NS = "intervalNs";
        public static final String WINDOW_NS = "windowNs";
        public static final String USER_NS = "userNs";
        public static final String SYSTEM_NS = "systemNs";
        public static final String READS = "reads";
        public static final String DESCRIPTORS = "descriptors";
        public static final String READER_CPU_NS = "readerCpuNs";
        public static final String READER_FIRST_READ_CPU_NS = "readerFirstReadCpuNs";
        /** New in version 6: interval reads that failed (each costs its interval's row). */
        public static final String READ_FAILURES = "readFailures";

        private CounterReader() {
        }
    }

    /**
     * New in version 7: one role's counts since the counters opened (a {@link ThreadRole}), summed over the
     * threads of that role, from each thread's procfs files; at the end of every chunk (the latest batch wins),
     * and as a window opens and closes.
     */
    public static final class ThreadRoleCounts {
        public static final String NAME = "perfstat.ThreadRole";
        /** {@link Phase#END}, {@link Phase#WINDOW_START} or {@link Phase#WINDOW_END}. */
        public static final String PHASE = "phase";
        /** A {@link ThreadRole}'s {@link ThreadRole#text() text}. */
        public static final String ROLE = "role";
        public static final String TASK_CLOCK_NS = "taskClockNs";
        /** -1 where not known (the ended row). */
        public static final String VOLUNTARY_CONTEXT_SWITCHES = "voluntaryContextSwitches";
        /** -1 where not known (the ended row). */
        public static final String INVOLUNTARY_CONTEXT_SWITCHES = "involuntaryContextSwitches";
        /** Threads of the role seen since the counters opened, ended ones included. */
        public static final String THREADS = "threads";
        /** A {@link CounterSource}: where taskClockNs came from. */
        public static final String SOURCE = "source";
        public static final String WINDOW_NS = "windowNs";
        /** Why there is no split (then one event, with an empty role and -1 counts), else empty. */
        public static final String NOTE = "note";

        private ThreadRoleCounts() {
        }
    }

    /**
     * New in version 8: one role's count of one event other than task-clock (page-faults, cycles, instructions, ...)
     * since the counters opened, summed over the per-thread perf_event_open counters of the role's threads present at
     * the opening (their descendants included); only where perf_event_open counts that event per thread. With the
     * {@link ThreadRoleCounts} events of the same read.
     */
    public static final class ThreadRoleCounter {
        public static final String NAME = "perfstat.ThreadRoleCounter";
        /** {@link Phase#END}, {@link Phase#WINDOW_START} or {@link Phase#WINDOW_END}. */
        public static final String PHASE = "phase";
        /** A {@link ThreadRole}'s {@link ThreadRole#text() text}. */
        public static final String ROLE = "role";
        /** The event as asked ({@code page-faults}, {@code cycles:u}). */
        public static final String EVENT = "event";
        /** The sum of the role's threads' counts, each scaled as perf scales a multiplexed counter. */
        public static final String VALUE = "value";
        /** A {@link CounterSource}: the event's counter's source. */
        public static final String SOURCE = "source";
        public static final String WINDOW_NS = "windowNs";

        private ThreadRoleCounter() {
        }
    }

    /** One probe's totals since the agent started. */
    public static final class Probe {
        public static final String NAME = "perfstat.Probe";
        public static final String PROBE = "probe";
        /** {@link Phase#TOTALS}, {@link Phase#WINDOW_START} or {@link Phase#WINDOW_END}. */
        public static final String PHASE = "phase";
        public static final String CALLS = "calls";
        public static final String TIMED_CALLS = "timedCalls";
        public static final String TIMING = "timing";
        public static final String SAMPLE_MEAN_GAP = "sampleMeanGap";
        public static final String HISTOGRAM = "histogram";
        public static final String FAILURES = "failures";

        private Probe() {
        }
    }

    /**
     * New in version 13: one block of the iterations of the method that {@code iteration=} names (each call one
     * iteration; a call inside another of the same thread is the outer one's), in the order they ended, written by the
     * agent at the end of every chunk for the iterations ended since the last block. Each series field holds
     * {@link #COUNT} numbers in {@link SeriesCodec}'s encoding.
     */
    public static final class Iterations {
        public static final String NAME = "perfstat.Iterations";
        /** The pattern as given ({@code com.example.Bench::step}). */
        public static final String METHOD = "pattern";
        /** The index of the block's first iteration in the run, from 0. */
        public static final String FIRST = "first";
        public static final String COUNT = "iterations";
        /** {@code System.nanoTime()} at the event's start time: the iterations' ends are measured back from it ({@link #ENDS}). */
        public static final String CLOCK_NS = "clockNs";
        /** The first: ns from the first iteration's end to {@link #CLOCK_NS}; then each, ns from the iteration before. */
        public static final String ENDS = "ends";
        /** Each iteration's wall time, ns. */
        public static final String WALL_NS = "wallNs";
        /** Each iteration's CPU time on its thread, ns; -1 where the thread's clock could not say. */
        public static final String CPU_NS = "cpuNs";
        /** The bytes each iteration's thread allocated during it; -1 where the JVM could not say. */
        public static final String ALLOCATED_BYTES = "allocatedBytes";
        /** Iterations past the agent's limit a run, counted but not kept, since the start (the latest wins). */
        public static final String DROPPED = "dropped";
        /** The threads that ran iterations so far. */
        public static final String THREADS = "threads";

        private Iterations() {
        }
    }

    /** A probe pattern and how many methods it has matched so far. */
    public static final class ProbePattern {
        public static final String NAME = "perfstat.ProbePattern";
        public static final String PATTERN = "pattern";
        public static final String METHODS = "methods";
        /** New in version 6, the installer's counts for all patterns: classes it failed to transform. */
        public static final String INSTALLER_ERRORS = "installerErrors";
        /** New in version 6: classes a pattern matched whose loader cannot see the probe runtime (not probed). */
        public static final String CLASSES_INVISIBLE = "classesInvisible";
        /** New in version 6: methods a pattern matched past the probe runtime's limit of probes (not probed). */
        public static final String PROBES_DROPPED = "probesDropped";
        /**
         * New in version 7: for a pattern that matched nothing, the loaded methods (or classes) nearest to what it
         * names, {@code ", "}-separated; "" where none is near or the pattern matched.
         */
        public static final String CANDIDATES = "candidates";

        private ProbePattern() {
        }
    }

    /**
     * New in version 11: a method a probe pattern matched that the agent did not probe, and why (a {@link NotProbed}
     * reason): the class could not be rewritten, its loader cannot see the probe runtime, the probe runtime was full, a
     * method without bytecode, a JDK class the probe cannot go in. At the end of every chunk, cumulative: one event per
     * method, the latest wins. The method as a probe's row would name it ({@code pkg.Class::method}, with its parameter
     * types where overloads are apart), or the pattern where no method of it was looked at.
     */
    public static final class NotProbedMethod {
        public static final String NAME = "perfstat.NotProbed";
        /** The method, as its probe would be named (as {@link Probe#PROBE}). */
        public static final String PROBE = "probe";
        /** A {@link NotProbed}'s {@link NotProbed#text() text}. */
        public static final String REASON = "reason";
        /** For a class that could not be rewritten, the exception's class name (never its message); "" otherwise. */
        public static final String DETAIL = "detail";
        /** The pattern that matched it, as given. */
        public static final String PATTERN = "pattern";

        private NotProbedMethod() {
        }
    }

    /** A model's run (written by the models, once). */
    public static final class Workload {
        public static final String NAME = "perfstat.Workload";
        public static final String FORMAT_VERSION = "formatVersion";
        public static final String MODEL = "model";
        public static final String VARIANT = "variant";
        public static final String WORKLOAD = "workload";
        public static final String THREADS = "threads";
        public static final String CPUS = "cpus";
        public static final String CORES = "cores";
        public static final String JVM_VERSION = "jvmVersion";
        public static final String DURATION_NS = "durationNs";
        public static final String WARMUP_NS = "warmupNs";
        public static final String INTERVAL_NS = "intervalNs";
        public static final String SCORE_NAME = "scoreName";
        public static final String SCORE_UNIT = "scoreUnit";
        public static final String HIGHER_IS_BETTER = "higherIsBetter";
        public static final String FIXED_WORK = "fixedWork";
        public static final String SIMULATED = "simulated";
        public static final String OPTIONS = "options";
        /** The workload's natural unit of work ({@code write}), format 10; absent before. */
        public static final String UNIT_NAME = "unitName";
        /** The model counter that counts that unit ({@code write_calls}), format 10; absent before. */
        public static final String UNIT_COUNTER = "unitCounter";

        private Workload() {
        }
    }

    /** The workload's score over one interval. */
    public static final class Score {
        public static final String NAME = "perfstat.Score";
        public static final String INTERVAL = "interval";
        public static final String SCORE = "score";
        public static final String UNITS = "units";
        /** New in version 10: the score's unit (the workload's {@code scoreUnit}), beside it for JFR's tools and JMC. */
        public static final String SCORE_UNIT = "scoreUnit";
        public static final String ELAPSED_NS = "elapsedNs";

        private Score() {
        }
    }

    /** The workload's result over its whole run. */
    public static final class Result {
        public static final String NAME = "perfstat.Result";
        public static final String SCORE = "score";
        public static final String UNITS = "units";
        /** New in version 10: the score's unit (the workload's {@code scoreUnit}), beside it for JFR's tools and JMC. */
        public static final String SCORE_UNIT = "scoreUnit";
        public static final String ELAPSED_NS = "elapsedNs";

        private Result() {
        }
    }

    /** One of a model's own counters at the end of the run. */
    public static final class ModelCounter {
        public static final String NAME = "perfstat.ModelCounter";
        public static final String COUNTER_NAME = "name";
        public static final String VALUE = "value";

        private ModelCounter() {
        }
    }

    /**
     * New in version 9: a command's own score, the numbers its output printed that the user's {@code --score}
     * pattern found (written by the CLI after the run, in a chunk appended to the command's recording).
     */
    public static final class ProgramScore {
        public static final String NAME = "perfstat.ProgramScore";
        public static final String FORMAT_VERSION = "formatVersion";
        /** What the table calls the score: the words of the pattern before its group ({@code loop_ms}), else "score". */
        public static final String SCORE_NAME = "scoreName";
        /** The unit as the user gave it ({@code --score-unit}), "" where none. */
        public static final String SCORE_UNIT = "scoreUnit";
        public static final String HIGHER_IS_BETTER = "higherIsBetter";
        /** The mean of the numbers found. */
        public static final String SCORE = "score";
        /** The numbers found, in the order printed, as text separated by spaces (Java's Double.toString). */
        public static final String VALUES = "values";
        /** How many numbers were found: at least 1. */
        public static final String MATCHES = "matches";
        /**
         * New in version 12: each number is one iteration of the program's loop, in the order run ({@code
         * --iteration-score}), and the run is judged by its steady state; false (or absent) where the numbers are one
         * score's samples ({@code --score}).
         */
        public static final String ITERATIONS = "iterations";

        private ProgramScore() {
        }
    }

    /**
     * New in version 10: how busy the machine was while the counters counted (written by the agent's counter thread with
     * the counters' totals: {@link Phase#END} at the end of every chunk, the latest wins; {@link Phase#LATE_START},
     * {@link Phase#WINDOW_START}, {@link Phase#WINDOW_END} with theirs). Every value is cumulative since the counters
     * opened; a window takes differences.
     */
    public static final class Machine {
        public static final String NAME = "perfstat.Machine";
        public static final String PHASE = "phase";
        /** Since the counters opened. */
        public static final String WINDOW_NS = "windowNs";
        /** Every CPU's time not idle (/proc/stat: user, nice, system, irq, softirq), all processes; -1 where unreadable. */
        public static final String MACHINE_BUSY_NS = "machineBusyNs";
        /** This JVM's CPU time over the same reads (/proc/self/stat utime + stime, the same clock ticks); -1 where unreadable. */
        public static final String PROCESS_NS = "processNs";
        /** The machine's busy time less this JVM's: the other processes' CPU time (never below 0); -1 where unreadable. */
        public static final String OTHERS_NS = "othersNs";
        /** The CPUs' steal time (/proc/stat): a hypervisor ran something else while this machine wanted to run. */
        public static final String STEAL_NS = "stealNs";
        /** The CPUs /proc/stat lists. */
        public static final String CPUS = "cpus";
        /**
         * This JVM's threads' time runnable but not running (each thread's schedstat, its second field, summed; a thread
         * that ended counts up to the last read that saw it); -1 where unreadable.
         */
        public static final String RUN_QUEUE_WAIT_NS = "runQueueWaitNs";
        /** The mean over the reads of the CPUs' mean scaling_cur_freq, in kHz; -1 where sysfs has no cpufreq. */
        public static final String CPU_FREQ_KHZ = "cpuFreqKhz";
        /** What could not be read and why; "" where everything was. */
        public static final String NOTE = "note";

        private Machine() {
        }
    }

    /**
     * New in version 10: the counters' window opened late ({@code delay=}, {@code from=}): what opened it, and whether it
     * did (at the end of every chunk, the latest wins). Where it opened, the totals as it opened carry
     * {@link Phase#LATE_START}, and a reader takes the run's counts as the totals at the end less those.
     */
    public static final class LateWindow {
        public static final String NAME = "perfstat.LateWindow";
        /** {@code delay} or {@code from}. */
        public static final String TRIGGER = "trigger";
        /** The delay as given ({@code 2000ms}) or the method pattern ({@code com.example.Work::run}). */
        public static final String TARGET = "target";
        public static final String OPENED = "opened";
        /** From the counters' opening (the agent's start) to the late opening; -1 where it never opened. */
        public static final String OPENED_AFTER_NS = "openedAfterNs";
        /** The thread whose first call opened it ({@code from}), "" otherwise. */
        public static final String THREAD_NAME = "threadName";

        private LateWindow() {
        }
    }

    /** One measurement iteration of a JMH benchmark (written by perfstat's JMH profiler). */
    public static final class JmhIteration {
        public static final String NAME = "perfstat.JmhIteration";
        public static final String FORMAT_VERSION = "formatVersion";
        public static final String BENCHMARK = "benchmark";
        public static final String PARAMS = "params";
        public static final String MODE = "mode";
        public static final String THREADS = "threads";
        public static final String ITERATION = "iteration";
        public static final String SCORE = "score";
        public static final String SCORE_UNIT = "scoreUnit";
        public static final String HIGHER_IS_BETTER = "higherIsBetter";
        public static final String OPERATIONS = "operations";

        private JmhIteration() {
        }
    }
}
