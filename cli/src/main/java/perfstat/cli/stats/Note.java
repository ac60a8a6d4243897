package perfstat.cli.stats;

import java.time.Duration;
import java.util.List;

/**
 * A line of a table's footer, as a value: what kind of thing it says and the data it says it
 * of. The render package words each kind ({@code render/NoteText}); equal notes are one note.
 * {@code column} names the configuration a note is about, where it is about one.
 */
public sealed interface Note {

    /**
     * Where a configuration's counters came from.
     *
     * @param column the configuration, or null where the note is not about one
     * @param source perf_event_open, or the fallback that gave them
     * @param why    why the source is not plain perf_event_open, or ""
     */
    record CountersFrom(String column, String source, String why) implements Note {
    }

    /** A counter the source could not count, and why (the first such: the others fail alike). */
    record NotSupported(String column, String event, String reason) implements Note {
    }

    /**
     * What the counters and time elapsed cover: the JVM from the agent's start to its exit.
     *
     * @param score whether there is a score, which covers the workload's measured window only
     */
    record Window(boolean score) implements Note {
    }

    /**
     * The counters' window opened late (--delay, --from), or was asked to and never opened.
     *
     * @param column        the configuration, or null where the note is not about one
     * @param run           the run of the column (from 1), or 0 where the note is about the column's runs or its only one
     * @param trigger       {@code delay} or {@code from}
     * @param target        the delay as recorded ({@code 2000ms}) or the method
     * @param openedAfterMs from the agent's start to the opening; NaN where it never opened
     * @param score         whether there is a score, which covers the workload's measured window only
     */
    record LateWindow(String column, int run, String trigger, String target, double openedAfterMs, boolean score)
            implements Note {
        /** Whether the window opened; where not, the counts are the whole run's. */
        public boolean opened() {
            return !Double.isNaN(openedAfterMs);
        }
    }

    /**
     * A run whose neighbours on the machine used much more CPU than its side's other runs' did, or a side whose runs all
     * shared the machine.
     *
     * @param column    the configuration, or null where the note is not about one
     * @param run       the run (from 1); 0: the column's only run; -1: the column's runs (then the median)
     * @param otherCpus the other processes' CPU time over the run's window, in CPUs
     * @param cpus      the machine's CPUs (-1 where unknown)
     * @param busy      for the column's runs: how many of them shared the machine (0 otherwise)
     * @param runs      for the column's runs: how many it has (0 otherwise)
     */
    record SharedMachine(String column, int run, double otherCpus, int cpus, int busy, int runs) implements Note {
        /** One run's note, or a column's whose every run shared the machine. */
        public SharedMachine(String column, int run, double otherCpus, int cpus) {
            this(column, run, otherCpus, cpus, 0, 0);
        }
    }

    /**
     * A run whose threads waited for a CPU much longer, for each ms they ran, than its side's other runs' did: on a machine
     * its neighbours already fill, a further neighbour shows there rather than in their CPU.
     *
     * @param column      the configuration, or null
     * @param run         the run (from 1)
     * @param waitPerCpu  its threads' run-queue wait per unit of its task-clock
     * @param sideMedian  the same, the median of the side's other runs
     * @param otherCpus   the other processes' CPU over the run, in CPUs
     * @param cpus        the machine's CPUs (-1 where unknown)
     */
    record WaitedForCpu(String column, int run, double waitPerCpu, double sideMedian, double otherCpus, int cpus)
            implements Note {
    }

    /**
     * How busy the machine was over a run (stat, which has no rows for it).
     *
     * @param column         the configuration, or null
     * @param otherCpus      the other processes' CPU, in CPUs (mean over the runs)
     * @param cpus           the machine's CPUs
     * @param stealMs        the CPUs' steal time over the window
     * @param runQueueWaitMs the JVM's threads' time runnable but not running (NaN where unread)
     * @param cpuMhz         the CPUs' mean frequency (NaN where not readable)
     */
    record MachineLoad(String column, double otherCpus, int cpus, double stealMs, double runQueueWaitMs, double cpuMhz)
            implements Note {
    }

    /** What of the machine's figures could not be read, and why (a VM without cpufreq, say). */
    record MachineUnread(String column, String why) implements Note {
    }

    /**
     * The rows per unit of work ({@code --per}): what they divide each run's totals by.
     *
     * @param unit the unit, as the rows name it ({@code write})
     * @param from what counts it, over what part of the run
     */
    record PerUnitOf(String unit, String from) implements Note {
    }

    /**
     * A run whose count of the unit of work is far below its configuration's others: its rows per unit are mostly
     * fixed costs over few units, and sway the column's mean.
     *
     * @param column the configuration
     * @param run    the run, from 1
     * @param count  its count of the unit
     * @param median the configuration's median count
     * @param unit   the unit
     */
    record FewUnits(String column, int run, long count, long median, String unit) implements Note {
    }

    /** The workload is a discrete-event simulation: its score is in simulated time. */
    record Simulated(String workload) implements Note {
    }

    /** A probe pattern that matched no method. */
    record UnmatchedProbe(String pattern) implements Note {
    }

    /**
     * A method a probe pattern matched that the agent did not probe (recording format 11): its row is {@code <not probed>}.
     *
     * @param method the method as its rows name it, or the pattern where the agent looked at no method of it
     * @param reason why
     * @param detail for a class that could not be rewritten, the exception's class name; "" otherwise
     */
    record NotProbed(String method, perfstat.format.NotProbed reason, String detail) implements Note {
    }

    /**
     * probes-merge: the row of {@code method} stands for the {@code overloads} methods its patterns matched (the most in
     * any run), counted as one probe.
     */
    record MergedOverloads(String method, long overloads) implements Note {
    }

    /**
     * Probe latencies include the timer's own cost, about {@code nsPerCall} a timed call; measured at each agent's
     * start, so a column of several recordings gives the lowest and the highest ({@code highestNs} = {@code nsPerCall}
     * where they agree or there is one).
     */
    record TimerCost(String column, long nsPerCall, long highestNs) implements Note {
        public TimerCost(String column, long nsPerCall) {
            this(column, nsPerCall, nsPerCall);
        }
    }

    /** A recording without perfstat's events and without jdk.GarbageCollection: its GC rows are absent. */
    record NoGcEvents(String column) implements Note {
    }

    /**
     * The JDK's totals a recording without perfstat's events could not give ({@code <not counted>}).
     *
     * @param rows each row's label and the JDK event it needs
     */
    record JdkRowsNotCounted(String column, List<JdkRow> rows) implements Note {
        public JdkRowsNotCounted {
            rows = List.copyOf(rows);
        }
    }

    /** A JDK total's row and the event it is read from. */
    record JdkRow(String label, String event) {
    }

    /** A recording made without perfstat's agent: its rows come from the JDK's events only. */
    record NoPerfstatEvents(String column) implements Note {
    }

    /** One recording a side: the score's samples are its intervals; other rows get no verdict. */
    record OneRecordingASide() implements Note {
    }

    /**
     * How deltas are judged, in one short line every comparison prints alike.
     *
     * @param confidence the intervals' level for the primary measure
     * @param minEffect  the smallest change that matters (NaN: none)
     * @param family     how many other rows were judged as a family (their false discovery rate controlled); 0 for none
     * @param primaryLevel the primary measure's interval level (its share of α, or a look's); NaN where none was judged
     */
    record Deltas(double confidence, double minEffect, int family, double primaryLevel) implements Note {
    }

    /**
     * Rows printed {@code ~ [...] q=}: each one's own interval leaves out 0, but judged with the other rows of its family
     * the change is not shown (its q, the p adjusted for the family, is above the family's α).
     *
     * @param rows        each row's label, with its column where there are several
     * @param familyAlpha the family's α (the lowest of the columns'): the rest of α while the primary shows no change
     */
    record Overruled(List<String> rows, double familyAlpha) implements Note {
        public Overruled {
            rows = List.copyOf(rows);
        }
    }

    /**
     * Rows where the U test on the same runs disagrees with the verdict (a robustness check: one run far from the others
     * sways a t test, not a rank test).
     *
     * @param rows each row's label with its U test's p
     */
    record RankTestDisagrees(List<String> rows) implements Note {
        public RankTestDisagrees {
            rows = List.copyOf(rows);
        }
    }

    /**
     * Rows whose run values follow the primary measure's run for run, judged with it.
     *
     * @param primary the primary measure's label
     * @param rows    the rows' labels
     */
    record FollowPrimary(String primary, List<String> rows) implements Note {
        public FollowPrimary {
            rows = List.copyOf(rows);
        }
    }

    /**
     * What the runs could see: the smallest change of the primary measure they would find with 80% power at the spread
     * seen, and what its interval rules out where no change was shown.
     *
     * @param row        the primary measure's label
     * @param column     the configuration
     * @param detectable the smallest change found with 80% power (a fraction)
     * @param low        the interval's lower end where the change was not shown (NaN otherwise)
     * @param high       its upper end
     */
    record Detectable(String row, String column, double detectable, double low, double high) implements Note {
    }

    /** One place threads blocked (the JDK's contention events), for a single recording's report. */
    record BlockedAt(String site, String kind, long count, Duration blocked) implements Note {
    }

    /**
     * A JMH fork that died, so its recording is left out.
     *
     * @param where  the directory it was in
     * @param marker the marker file's name
     * @param why    what the marker says, or ""
     */
    record DeadFork(String where, String marker, String why) implements Note {
    }

    /**
     * A file in a side's directory that perfstat cannot read (empty, truncated, not a recording), so left out.
     *
     * @param where the directory it was in
     * @param file  its name
     * @param why   the reader's message
     * @param kept  the recordings of the directory that were read
     */
    record Unreadable(String where, String file, String why, int kept) implements Note {
    }

    /**
     * One side's runs of iterations ({@code --iteration-score}): their classes, and in steady state the iterations' spread
     * within a JVM against the JVMs' between them ({@link Iterations.Side}).
     */
    record IterationRuns(Iterations.Side side) implements Note {
    }

    /**
     * A column's primary row judged by its rounds' ratios ({@link RoundDrift}): the two sides' runs moved together round
     * by round (r over {@code rounds} rounds), and the rounds whose level stood apart from the rest.
     *
     * @param column   the column judged
     * @param baseline the column it is judged against
     * @param row      the primary row
     * @param apart    the stretches of rounds (from 1) at another level, each as a ratio to the rest (2.0: twice as slow)
     * @param left     the rounds left out, a run of them without the row's value (a steady row: a run that did not settle)
     */
    record RoundDrift(String column, String baseline, String row, int rounds, double r, List<Stretch> apart, int left)
            implements Note {
        public RoundDrift {
            apart = List.copyOf(apart);
        }

        public RoundDrift(String column, String baseline, String row, int rounds, double r, List<Stretch> apart) {
            this(column, baseline, row, rounds, r, apart, 0);
        }

        /** Rounds {@code first} to {@code last} (from 1), at {@code ratio} times the rest's level. */
        public record Stretch(int first, int last, double ratio) {
        }
    }

    /**
     * The table's score row ({@code row}: the program's own, or a steady state) has no value on a side against which
     * {@code column} is judged (too few runs settled, or the runs lack it), so the answer is on {@code fellBackTo};
     * {@code lacking} the side without a value.
     */
    record ScoreNotJudged(String column, String row, String fellBackTo, String lacking) implements Note {
    }

    /**
     * compare's pilots chose the iterations a run, where the commands say {@code {iterations}} ({@link IterationPlan}).
     *
     * @param steps      each pilot in order: its count, what its runs chose, whether its rounds are the comparison's first
     * @param iterations the count the comparison's runs made
     */
    record IterationCounts(List<Step> steps, int iterations) implements Note {
        public IterationCounts {
            steps = List.copyOf(steps);
        }

        /**
         * A pilot at {@code iterations} a run: {@code plan} what its runs chose (null: a pilot gone back to), {@code kept}
         * whether its rounds were kept, {@code settled} how many of its {@code runs} settled.
         */
        public record Step(int iterations, IterationPlan plan, boolean kept, int settled, int runs) {
        }
    }

    /**
     * {@code diff} of two sides numbered alike as {@code compare} numbers its rounds ({@code A/A.N.jfr}, {@code B/B.N.jfr}),
     * judged as two samples: {@code --rounds} would judge them round by round.
     */
    record LooksLikeRounds(int rounds) implements Note {
    }

    /** Where the spread of the primary measure comes from, each side ({@link SpreadSources.Side}): one line a table. */
    record SpreadSource(String row, List<SpreadSources.Side> sides) implements Note {
        public SpreadSource {
            sides = List.copyOf(sides);
        }
    }

    /** What the recordings show where a side's runs change level ({@code --iteration}; {@link Switches.Side}). */
    record LevelChanges(Switches.Side side) implements Note {
    }

    /**
     * Recordings of one side whose content equals another's there (copies, or one name given twice), counted once.
     *
     * @param side     the side, as named on the command line
     * @param dropped  how many were left out
     * @param kept     the side's recordings left
     * @param copy     one that was left out
     * @param original the recording it was a copy of
     */
    record CopiesDropped(String side, int dropped, int kept, String copy, String original) implements Note {
    }

    /**
     * Recordings of one workload that only some sides have, so not compared.
     *
     * @param what   what they measured (model, workload, threads)
     * @param onlyIn the sides that have them
     */
    record NotCompared(String what, List<String> onlyIn) implements Note {
        public NotCompared {
            onlyIn = List.copyOf(onlyIn);
        }
    }

    /**
     * A row derived from jdk.CPULoad rather than counted, in some columns of a comparison (recordings without perfstat's
     * counters): the load times the CPUs, scaled from the share of the JVM's life the samples cover.
     *
     * @param row     the row's label
     * @param columns the columns where it is derived
     * @param all     whether it is derived in every column
     * @param lowPct  the least share of a JVM's life the samples covered, in percent (NaN: not known)
     * @param highPct the greatest share, in percent (NaN: not known)
     */
    record DerivedFromLoad(String row, List<String> columns, boolean all, double lowPct, double highPct) implements Note {
        public DerivedFromLoad {
            columns = List.copyOf(columns);
        }
    }

    /**
     * Contention events a column's recordings hold that the table leaves out as perfstat's or JFR's own (their code on
     * the stack: JFR's periodic task, an attaching agent's locks), so that its counts differ from the JDK tools'.
     *
     * @param column     the column, or null for a table of one
     * @param recordings the column's recordings
     * @param monitors   jdk.JavaMonitorEnter events left out
     * @param monitorMs  their blocked time in all, in ms
     * @param parks      jdk.ThreadPark events left out
     * @param parkMs     their parked time in all, in ms
     */
    record ObserverEventsLeftOut(String column, int recordings, long monitors, double monitorMs, long parks, double parkMs)
            implements Note {
    }

    /**
     * The primary measure is time elapsed, and the runs' times are equal by design (a program that runs for a fixed time):
     * its {@code =} is no finding about the program's speed.
     *
     * @param row      the primary row's label
     * @param sdPct    the larger side's spread of it, in percent of its mean
     * @param work     the row that shows the runs' work varying (task-clock)
     * @param workPct  that row's larger spread, in percent
     */
    record FixedDuration(String row, double sdPct, String work, double workPct) implements Note {
    }

    /**
     * A comparison that a signal ended early: the table holds its whole rounds, the partial round's runs left out.
     *
     * @param signal  {@code SIGINT}, {@code SIGTERM} or {@code SIGHUP}
     * @param rounds  the whole rounds in the table
     * @param partial the runs of the partial round left out
     */
    record StoppedComparison(String signal, int rounds, int partial) implements Note {
    }

    /** Every configuration is the same recording: the deltas are zero by construction. */
    record SameRecording() implements Note {
    }

    /**
     * A comparison run until decided stopped at this look: its primary measure and rules were judged at the α spent
     * there, so a later {@code diff} of the same recordings, which judges a fixed count, prints other intervals.
     *
     * @param runs         runs a side at the look
     * @param primaryLevel the primary measure's interval level there
     * @param ruleLevel    the level the rules' answers were held to (one-sided at half its α each way)
     */
    record Look(int runs, double primaryLevel, double ruleLevel) implements Note {
    }

    /** The observer check: each variant also ran without probes; the summaries after the first compare those runs. */
    record ObserverCheck(boolean alone) implements Note {
    }

    /**
     * compare --observer-check of several variants: a variant's rows without and with probes ({@code rows}, two columns
     * each, judged), the application's and perfstat's class transformation, named whether or not they moved.
     */
    record ObserverRows(String variant, List<Row> rows) implements Note {
        public ObserverRows {
            rows = List.copyOf(rows);
        }
    }

    /**
     * perfstat attach: the target exited {@code atSeconds} into a window of {@code windowSeconds};
     * the table is of the window up to then.
     */
    record TargetExited(String pid, double atSeconds, double windowSeconds) implements Note {
    }

    /** perfstat attach: a signal ({@code SIGINT}, …) ended the window {@code atSeconds} into {@code windowSeconds}. */
    record WindowStopped(String signal, double atSeconds, double windowSeconds) implements Note {
    }

    /**
     * Events of the recording that perfstat could not use, skipped (the JDK's {@code jfr summary}
     * still counts them): by type and cause.
     */
    record EventsSkipped(String column, List<Skip> skipped) implements Note {
        public EventsSkipped {
            skipped = List.copyOf(skipped);
        }
    }

    /**
     * Events of one type skipped for one cause.
     *
     * @param field the field concerned, or "" (for {@link SkipCause#OTHER}: the failure's text)
     */
    record Skip(String eventType, SkipCause cause, String field, long events) {
    }

    /** Why events were skipped: a frame without a method, a missing field, a field of another type or without a value. */
    enum SkipCause {
        FRAME_WITHOUT_METHOD, MISSING_FIELD, FIELD_OF_ANOTHER_TYPE, FIELD_WITHOUT_VALUE, OTHER
    }

    /**
     * What the agent counted as lost while it ran (recording format 6), each 0 where nothing was.
     *
     * @param installerErrors     classes the probe installer failed to transform
     * @param classesInvisible    classes matched whose loader cannot see the probe runtime (not probed)
     * @param probesDropped       methods matched past the probe runtime's limit (not probed)
     * @param probeFailures       errors suppressed inside probes
     * @param counterReadFailures interval reads of the counters that failed
     */
    record AgentLosses(String column, long installerErrors, long classesInvisible, long probesDropped, long probeFailures,
                       long counterReadFailures) implements Note {
    }

    /**
     * Which of the JDK's samples the hot methods count.
     *
     * @param event {@code jdk.CPUTimeSample} or {@code jdk.ExecutionSample}; several where the sides differ
     */
    record SampleKind(List<String> events) implements Note {
        public SampleKind {
            events = List.copyOf(events);
        }
    }

    /** A configuration whose recordings hold no method samples, while another's do: its hot-method shares are missing. */
    record NoSamples(String column) implements Note {
    }

    /**
     * A latency percentile whose columns (each the percentile of its recordings' timed calls pooled) change by a ratio
     * outside the interval of its change (which compares the recordings' own percentiles, run by run).
     *
     * @param row    the row's label
     * @param column the later column
     * @param pooled the pooled values' change (0.5 is +50%)
     * @param change the change judged, with its interval {@code low}, {@code high}
     */
    record PooledPercentile(String row, String column, double pooled, double change, double low, double high) implements Note {
    }

    /**
     * The timed calls a probe's latency percentiles rest on, per recording of each column, and
     * the fewest with which its rows are judged.
     *
     * @param probe       the probe as its rows name it
     * @param columns     the columns' labels
     * @param timedCalls  per column, per recording, the timed calls
     * @param minimumP50  the fewest timed calls to judge p50
     * @param minimumP99  the fewest to judge p99 and max
     */
    record TimedCalls(String probe, List<String> columns, List<List<Long>> timedCalls, long minimumP50, long minimumP99)
            implements Note {
        public TimedCalls {
            columns = List.copyOf(columns);
            timedCalls = List.copyOf(timedCalls);
        }
    }


    /**
     * Rows a column has no value of where another column has one: printed {@code <not counted>} there.
     *
     * @param column the column
     * @param rows   the rows' labels
     */
    record NotCountedOnOneSide(String column, List<String> rows) implements Note {
        public NotCountedOnOneSide {
            rows = List.copyOf(rows);
        }
    }

    /**
     * A row whose runs on a side fall into two groups, and how many more runs a side would decide the comparison at
     * the spread seen.
     *
     * @param row      the row's label
     * @param column   the side whose runs split
     * @param low      runs in the lower group
     * @param high     runs in the upper group
     * @param moreRuns more runs a side for 80% power at the change and spread seen; -1 where no change was seen
     * @param apart    the other rows that split the same runs the same way, as the upper group has them ({@code more
     *                 GCs}), at most three ({@link GroupsApart})
     */
    record RunsInGroups(String row, String column, int low, int high, long moreRuns, List<String> apart) implements Note {
        public RunsInGroups {
            apart = List.copyOf(apart);
        }

        public RunsInGroups(String row, String column, int low, int high, long moreRuns) {
            this(row, column, low, high, moreRuns, List.of());
        }
    }

    /**
     * Sampled timing left a probe fewer timed calls than its p99 (and max) need, in some recording.
     *
     * @param probe      the probe as its rows name it
     * @param calls      the fewest calls a recording
     * @param timed      the fewest timed calls a recording
     * @param sample     the {@code --sample N} that would time enough of those calls for p99; 1: only exact timing
     * @param enoughP99  whether the calls are enough for p99 at all (else exact timing gives p50 only)
     */
    record SparseTiming(String probe, long calls, long timed, long sample, boolean enoughP99) implements Note {
    }

    /** Latency percentiles are judged only on at least {@code p50} timed calls a recording (p50), {@code p99} (p99, max). */
    record TimedCallsMinimum(long p50, long p99) implements Note {
    }

    /**
     * Method samples of a configuration's recordings taken outside the counters' window (before the agent was ready:
     * the JVM's and the agent's start; after the exit's counters: JFR writing the recording), left out of the hot
     * methods and the flame graph.
     *
     * @param column  the configuration
     * @param outside the samples left out, its recordings together
     * @param kept    the samples inside the window
     */
    record SamplesOutsideWindow(String column, long outside, long kept, boolean late) implements Note {
        public SamplesOutsideWindow(String column, long outside, long kept) {
            this(column, outside, kept, false);
        }
    }

    /**
     * A configuration whose CPU-time samples JFR took at their threads' next safepoint (biased) for a twentieth or more:
     * each counts as self of the method at that safepoint, which is not always where the time went.
     *
     * @param column  the configuration
     * @param biased  the biased samples, its recordings together
     * @param samples all its samples
     */
    record SafepointBiased(String column, long biased, long samples) implements Note {
    }

    /**
     * A probe pattern that matched no method, and the loaded methods (or classes) nearest to what it names, as the
     * agent found them at the end: the pattern's class by its simple name, or a misspelling.
     */
    record UnmatchedProbeNear(String pattern, List<String> candidates) implements Note {
        public UnmatchedProbeNear {
            candidates = List.copyOf(candidates);
        }
    }

    /**
     * Rows only some of a column's recordings have (a run shorter than the event's period, or one in which the event
     * never came): printed {@code <not counted>} in that column, and not judged.
     *
     * @param column     the column
     * @param recordings how many recordings the column has
     * @param rows       each row and how many of the column's recordings lack it
     */
    record NotCountedInSomeRecordings(String column, int recordings, List<MissingIn> rows) implements Note {
        public NotCountedInSomeRecordings {
            rows = List.copyOf(rows);
        }
    }

    /** A row's label and how many of a column's recordings lack it. */
    record MissingIn(String label, int recordings) {
    }

    /**
     * The counts cannot be split by thread role in this run (a hardened /proc, a kernel without schedstat).
     *
     * @param column the run's column, or null
     * @param reason the agent's words for why
     */
    record NoRoleSplit(String column, String reason) implements Note {
    }

    /**
     * Where the rows by thread role come from, and what the ended row is.
     *
     * @param column the run's column, or null
     * @param source the roles' source as recorded ({@code perf_event_open per thread}, {@code procfs schedstat (ns)})
     */
    record RolesFrom(String column, String source) implements Note {
    }

    /**
     * The GC role counted no CPU time though the JVM collected: its collector has no GC threads of its own (Serial
     * collects on the VM thread), so the collections' CPU time is in the JVM runtime row.
     *
     * @param column the run's column, or null
     */
    record GcOnVmThread(String column) implements Note {
    }

    /**
     * The rows by thread role of a recording made without perfstat, derived from the JDK's jdk.ThreadCPULoad: an
     * estimate, never measured. The event covers Java threads only (the JIT's compiler threads among them), so the
     * GC's threads, the VM thread and JFR's sampler are in the rest row, with what the events do not cover.
     *
     * @param column   the run's column, or null
     * @param periodNs the event's period as its periodic passes show it, 0 below two passes
     * @param cpus     the processors each load is a share of
     */
    record RolesDerived(String column, long periodNs, int cpus) implements Note {
    }

    /**
     * The JIT compiler threads' CPU inside the window that went on compiling JFR's and perfstat's own code, estimated:
     * that CPU times the share of the window's compile time (jdk.Compilation) spent on their classes. Compile time is
     * the compilations' wall time, not CPU time: an estimate.
     *
     * @param column     the run's column, or null
     * @param jitMs      the JIT compiler role's task-clock in the window, all of it
     * @param observerMs the estimate, moved from the JIT compiler row to a row of its own
     * @param observerCompileMs compile time of the observer's classes in the window
     * @param allCompileMs      compile time of all classes in the window
     */
    record JitObserver(String column, double jitMs, double observerMs, double observerCompileMs, double allCompileMs)
            implements Note {
    }
    /**
     * What differs between the sides, for the table's header ({@code what differs: GC}), with what each side was.
     *
     * @param what    the aspects that differ, in {@link perfstat.cli.read.Setup#ASPECTS}' order, then flags and settings
     * @param columns the columns' labels
     * @param setups  per column, what its runs were (where they differ among themselves, the values joined by " / ")
     */
    record WhatDiffers(List<String> what, List<String> columns, List<java.util.Map<String, String>> setups) implements Note {
    }

    /**
     * The sides differ in one aspect of what they were.
     *
     * @param what    the aspect ({@code GC}), a flag ({@code -XX:TieredStopAtLevel}) or an event's JFR settings
     *                ({@code jdk.JavaMonitorEnter})
     * @param columns the columns' labels
     * @param values  per column, its value ({@code G1}; for a setting {@code threshold 20 ms}); "" where it does not say
     * @param rows    the rows this difference leaves unjudged ({@code ?}), empty where it leaves none
     */
    record SidesDiffer(String what, List<String> columns, List<String> values, List<String> rows) implements Note {
    }

    /**
     * The recordings of one side differ among themselves in one aspect.
     *
     * @param files  the recordings, as named
     * @param values per recording, its value
     */
    record DiffersWithin(String column, String what, List<String> files, List<String> values) implements Note {
    }
}
