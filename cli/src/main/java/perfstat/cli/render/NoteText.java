package perfstat.cli.render;

import java.util.List;
import java.util.Locale;
import perfstat.format.JdkEvent;
import perfstat.cli.stats.Note;

/** The footer's words, shared by every renderer: one line for each kind of {@link Note}. */
public final class NoteText {
    private NoteText() {
    }

    /** The note's line: a checked switch, so a new kind of {@link Note} does not compile without its words here. */
    public static String of(Note note) {
        return switch (note) {
            case Note.CountersFrom n -> words(n);
            case Note.NotSupported n -> words(n);
            case Note.Window n -> words(n);
            case Note.Simulated n -> words(n);
            case Note.UnmatchedProbe n -> words(n);
            case Note.NotProbed n -> words(n);
            case Note.TimerCost n -> words(n);
            case Note.NoGcEvents n -> words(n);
            case Note.JdkRowsNotCounted n -> words(n);
            case Note.NoPerfstatEvents n -> words(n);
            case Note.OneRecordingASide n -> words(n);
            case Note.Deltas n -> words(n);
            case Note.RankTestDisagrees n -> words(n);
            case Note.Overruled n -> words(n);
            case Note.PooledPercentile n -> words(n);
            case Note.FollowPrimary n -> words(n);
            case Note.Detectable n -> words(n);
            case Note.TimedCalls n -> words(n);
            case Note.NotCountedOnOneSide n -> words(n);
            case Note.SparseTiming n -> words(n);
            case Note.TimedCallsMinimum n -> words(n);
            case Note.RunsInGroups n -> words(n);
            case Note.BlockedAt n -> words(n);
            case Note.DeadFork n -> words(n);
            case Note.Unreadable n -> words(n);
            case Note.NotCompared n -> words(n);
            case Note.IterationRuns _, Note.LevelChanges _, Note.SpreadSource _, Note.RoundDrift _, Note.LooksLikeRounds _,
                 Note.ScoreNotJudged _, Note.IterationCounts _ -> runs(note);
            case Note.SameRecording _, Note.DerivedFromLoad _, Note.ObserverEventsLeftOut _, Note.FixedDuration _,
                 Note.StoppedComparison _, Note.CopiesDropped _ -> recordings(note);
            case Note.Look n -> words(n);
            case Note.ObserverCheck n -> words(n);
            case Note.ObserverRows n -> words(n);
            case Note.MergedOverloads n -> words(n);
            case Note.SampleKind n -> words(n);
            case Note.NoSamples n -> words(n);
            case Note.TargetExited n -> words(n);
            case Note.WindowStopped n -> words(n);
            case Note.EventsSkipped n -> words(n);
            case Note.AgentLosses n -> words(n);
            case Note.SamplesOutsideWindow n -> words(n);
            case Note.SafepointBiased n -> words(n);
            case Note.UnmatchedProbeNear n -> words(n);
            case Note.GcOnVmThread n -> words(n);
            case Note.NotCountedInSomeRecordings n -> words(n);
            case Note.NoRoleSplit n -> words(n);
            case Note.RolesFrom n -> words(n);
            case Note.RolesDerived n -> words(n);
            case Note.JitObserver n -> words(n);
            case Note.PerUnitOf n -> words(n);
            case Note.FewUnits n -> words(n);
            case Note.WhatDiffers n -> words(n);
            case Note.SidesDiffer n -> words(n);
            case Note.DiffersWithin n -> words(n);
            case Note.LateWindow n -> lateWindow(n);
            case Note.SharedMachine _, Note.WaitedForCpu _, Note.MachineLoad _, Note.MachineUnread _ -> machine(note);
        };
    }

    /** What the sides' recordings are (the same, derived rather than counted, events left out), in words. */
    private static String recordings(Note note) {
        return switch (note) {
            case Note.SameRecording n -> words(n);
            case Note.DerivedFromLoad n -> words(n);
            case Note.ObserverEventsLeftOut n -> words(n);
            case Note.FixedDuration n -> String.format(Locale.ROOT, "%s is the same on every run (within +-%.2f%%) while %s"
                    + " varies +-%.1f%%: the program runs for a fixed time, so its time elapsed says nothing of its speed and its"
                    + " = is no finding; judge it by its own score (--score REGEX, the number it prints)", n.row(), n.sdPct(),
                    n.work(), n.workPct());
            case Note.StoppedComparison n -> n.signal() + " stopped the comparison: the table is of its " + n.rounds()
                    + (n.rounds() == 1 ? " whole round" : " whole rounds") + (n.partial() == 0 ? "" : ", the "
                    + n.partial() + (n.partial() == 1 ? " run" : " runs") + " of the round it stopped left out")
                    + "; the runs were ended, they did not fail";
            case Note.CopiesDropped n -> n.side() + ": " + n.dropped() + (n.dropped() == 1 ? " recording" : " recordings")
                    + " left out as the same as another there (such as " + n.copy() + ", the same as " + n.original()
                    + ", which is kept): one run counted twice would narrow every interval; " + n.kept() + " distinct "
                    + (n.kept() == 1 ? "recording" : "recordings") + " compared";
            default -> throw new IllegalArgumentException("not a note of the recordings: " + note);
        };
    }

    private static String words(Note.ObserverEventsLeftOut n) {
        List<String> what = new java.util.ArrayList<>();
        if (n.monitors() > 0) {
            what.add(String.format(Locale.ROOT, "%d monitor %s (%.3f ms)", n.monitors(), n.monitors() == 1 ? "block" : "blocks", n.monitorMs()));
        }
        if (n.parks() > 0) {
            what.add(String.format(Locale.ROOT, "%d %s (%.3f ms)", n.parks(), n.parks() == 1 ? "park" : "parks", n.parkMs()));
        }
        return prefix(n.column()) + String.join(" and ", what) + (n.recordings() > 1 ? " in its " + n.recordings() + " recordings" : "")
                + " left out as perfstat's or JFR's own (their code on the stack, such as JFR's periodic task): the JDK's"
                + " tools (jfr summary) count them, the table does not";
    }

    /** How busy the machine was, in words. */
    private static String machine(Note note) {
        return switch (note) {
            case Note.SharedMachine n -> words(n);
            case Note.WaitedForCpu n -> words(n);
            case Note.MachineLoad n -> words(n);
            case Note.MachineUnread n -> prefix(n.column()) + "machine: " + n.why();
            default -> throw new IllegalArgumentException("not a note of the machine: " + note);
        };
    }

    private static String words(Note.CountersFrom n) {
        return (n.column() == null ? "" : n.column() + ": ") + "counters from " + n.source()
                + (n.why().isEmpty() ? "" : ": " + n.why());
    }

    private static String words(Note.NotSupported n) {
        return prefix(n.column()) + n.event() + " not supported (" + n.reason() + ")";
    }

    private static String words(Note.Window n) {
        return "window: counters and time elapsed from the agent's start to the JVM's exit (or detach)"
                + (n.score() ? "; the score, the workload's measured window" : "");
    }

    private static String words(Note.Simulated n) {
        return n.workload() + " is a discrete-event simulation: its score and the model's latencies are in simulated"
                + " time; the process counters, probe latencies and time elapsed are the simulator's own cost";
    }

    private static String words(Note.UnmatchedProbe n) {
        return "probe '" + n.pattern() + "' matched no method";
    }

    private static String words(Note.NotProbed n) {
        String why = switch (n.reason()) {
            case CLASS_NOT_REWRITTEN -> "its class could not be rewritten" + (n.detail().isEmpty() ? "" : " (" + n.detail() + ")")
                    + ", so the agent left it as it was";
            case LOADER_CANNOT_SEE_PROBES -> "its class's loader cannot see perfstat's probe runtime";
            case PROBE_LIMIT -> "the agent already held the most probes it can (4096)";
            case NATIVE -> "a native method has no bytecode to put a probe in";
            case ABSTRACT -> "an abstract method has no bytecode to put a probe in (name the classes that implement it)";
            case PROBE_PATH -> "perfstat's probe itself runs through this JDK class, so a probe there would call itself";
            case NOT_ON_BOOT_CLASS_PATH -> "the JDK's classes need perfstat's probe runtime on the boot class path, and it was"
                    + " not there";
            case OTHER -> "for a reason this perfstat does not know (a newer agent's)";
        };
        return n.method() + " " + Formats.NOT_PROBED + ": " + why + "; it ran uncounted";
    }

    private static String words(Note.TimerCost n) {
        return n.column() + ": probe latencies include part of the timer's own cost (a timed call's two clock reads take"
                + " about " + n.nsPerCall()
                + (n.highestNs() > n.nsPerCall() ? " to " + n.highestNs() + " ns together by recording, measured at each"
                + " agent's start; a latency difference that small may be the timer's)" : " ns together)");
    }

    private static String words(Note.NoGcEvents n) {
        return n.column() + ": GCs <not counted>: no jdk.GarbageCollection event in the recording (no collection, or the event was off)";
    }

    private static String words(Note.JdkRowsNotCounted n) {
        return n.column() + ": <not counted>, as the recording has none of their events (not enabled, or a counter of the JVM's not sampled yet): "
                + String.join(", ", n.rows().stream().map(r -> r.label() + " (" + r.event() + ")").toList());
    }

    private static String words(Note.NoPerfstatEvents n) {
        return n.column() + ": no perfstat events (recorded without perfstat's agent): rows come from the JDK's events"
                + " only; <not counted> marks what such a recording cannot give (the process's context switches, migrations"
                + " and page faults); for those and for probes record with perfstat run, perfstat stat or"
                + " -javaagent:perfstat.jar";
    }

    private static String words(Note.OneRecordingASide n) {
        return "one recording a side: no verdicts (a run is the unit: its intervals are not independent samples);"
                + " record several runs (compare, or diff A... -- B...)";
    }

    private static String words(Note.Deltas n) {
        String same = Double.isNaN(n.minEffect()) ? "" : String.format(Locale.ROOT, ", = shown within +-%.0f%%",
                100 * n.minEffect());
        String family = n.family() > 1 ? String.format(Locale.ROOT, ", %d other rows as a family (q: Benjamini-Hochberg)",
                n.family()) : "";
        String primary = Double.isNaN(n.primaryLevel()) ? "" : String.format(Locale.ROOT, "; %s%% for the answer's row,"
                + " which is judged on its own", new java.text.DecimalFormat("0.##", java.text.DecimalFormatSymbols.getInstance(Locale.ROOT))
                .format(100 * n.primaryLevel()));
        return String.format(Locale.ROOT, "deltas: B/A [%.0f%% interval%s], one value a run; ~ no change shown%s, ? too few"
                + " runs%s: docs/statistics.md", 100 * n.confidence(), primary, same, family);
    }

    private static String words(Note.PooledPercentile n) {
        return String.format(Locale.ROOT, "%s, %s: its columns are the percentile of each side's timed calls pooled (%+.1f%%"
                + " between them), its change compares the recordings' own percentiles (%+.1f%% [%+.1f%%, %+.1f%%]): the"
                + " recordings differ among themselves more than the pooled values show; read the change", n.row(), n.column(),
                100 * n.pooled(), 100 * n.change(), 100 * n.low(), 100 * n.high());
    }

    private static String words(Note.Overruled n) {
        return String.format(Locale.ROOT, "~ [...] lead: the row's own interval leaves out 0, but among this many rows an"
                + " interval like it comes by chance, so the change is not shown (judged with the other rows, its p is above"
                + " the error rate of %.2g they share): a lead to test again, not a finding: %s", n.familyAlpha(),
                String.join(", ", n.rows()));
    }

    private static String words(Note.RankTestDisagrees n) {
        return "the rank test on the same runs disagrees with the verdict (a run far from the others?): "
                + String.join(", ", n.rows());
    }

    private static String words(Note.FollowPrimary n) {
        return "judged with " + n.primary() + ", whose runs they follow run for run: " + String.join(", ", n.rows());
    }

    private static String words(Note.Detectable n) {
        return n.column() + ": " + detectable(n);
    }

    /**
     * The notes in words, where two or more say the same of different columns ({@code A: counters from procfs …} and
     * {@code B: …}) as one line that names them ({@code A, B: …}), at the first one's place.
     */
    static List<String> merged(List<Note> notes, List<String> columns) {
        java.util.LinkedHashMap<String, List<String>> byText = new java.util.LinkedHashMap<>();
        for (String line : lines(notes)) {
            int colon = line.indexOf(": ");
            String column = colon < 0 ? null : line.substring(0, colon);
            if (column != null && columns.contains(column)) {
                byText.computeIfAbsent(line.substring(colon + 2), k -> new java.util.ArrayList<>()).add(column);
            } else {
                byText.computeIfAbsent(line, k -> new java.util.ArrayList<>());
            }
        }
        List<String> out = new java.util.ArrayList<>();
        byText.forEach((text, cols) -> out.add(cols.isEmpty() ? text : String.join(", ", cols) + ": " + text));
        return out;
    }

    /** What the runs could see, without the column's name: {@code these runs would find a change of … (80% power)}. */
    static String detectable(Note.Detectable n) {
        String seen = String.format(Locale.ROOT, "these runs would find a change of %s by %.1f%% or more (80%% power)",
                n.row(), 100 * n.detectable());
        return Double.isNaN(n.low()) ? seen : seen + String.format(Locale.ROOT, "; no change shown, and a fall beyond %.1f%%"
                + " or a rise beyond %+.1f%% is ruled out", 100 * n.low(), 100 * n.high());
    }

    private static String words(Note.TimedCalls n) {
        return timedCalls(n);
    }

    private static String words(Note.NotCountedOnOneSide n) {
        return n.column() + ": <not counted> where another column has a value (its recordings lack the events or the calls,"
                + " or too few of them), so not judged: " + String.join(", ", n.rows());
    }

    private static String words(Note.SparseTiming n) {
        return n.probe() + ": sampled timing timed as few as " + n.timed() + " of " + n.calls() + " calls a recording, too few"
                + " for its percentiles; " + (n.sample() > 1 ? "--sample " + n.sample() + " would time about "
                + n.calls() / n.sample() + " a recording, enough for p99" : "--timing exact times them all"
                + (n.enoughP99() ? "" : " (enough for p50, not for p99)"));
    }

    private static String words(Note.TimedCallsMinimum n) {
        return "latency percentiles are judged only where every recording rests on at least " + n.p50() + " timed calls (p50)"
                + " or " + n.p99() + " (p99, max), so that 10 calls lie beyond the percentile; ? with the fewest otherwise";
    }

    private static String words(Note.RunsInGroups n) {
        return n.row() + ": " + n.column() + "'s runs fall into two groups (" + n.low() + " low, " + n.high() + " high; the gap"
                + " between them is over five times either group's range: two kinds of run, not one spread; "
                + (n.apart().isEmpty() ? "no other row splits them so, which leaves what the recordings do not hold, such as"
                + " the JIT's compiled shapes or object placements" : "the high runs also have " + String.join(", ", n.apart()))
                + ")" + (n.moreRuns() < 0 ? "" : n.moreRuns() == 0 ? "; the runs there are enough to decide at this"
                + " spread" : n.moreRuns() > 100 ? "; the change seen is too small against this spread for a practical number"
                + " of runs to decide it (over 100 more a side)"
                : "; about " + n.moreRuns() + " more runs a side would decide the comparison at the spread seen");
    }

    private static String words(Note.BlockedAt n) {
        return String.format(Locale.ROOT, "blocked at %s (%s): %d times, %.3f ms", n.site(), n.kind(), n.count(),
                n.blocked().toNanos() / 1e6);
    }

    private static String words(Note.DeadFork n) {
        return n.where() + ": " + (n.why().isEmpty() ? n.marker() : n.why());
    }

    private static String words(Note.Unreadable n) {
        return n.where() + ": " + n.file() + " left out, as perfstat cannot read it (" + n.why() + "); " + n.kept()
                + " recording" + (n.kept() == 1 ? "" : "s") + " of it read";
    }

    /**
     * A side's iterations: {@code A: 5 runs of 400 iterations: 4 warm-up (steady after 38, median), 1 flat; in steady
     * state …}.
     */
    /** Why the runs differ: a side's iterations, its changes of level, the primary's spread. */
    private static String runs(Note note) {
        return switch (note) {
            case Note.IterationRuns n -> iterations(n.side());
            case Note.LevelChanges n -> levelChanges(n.side());
            case Note.SpreadSource n -> spread(n);
            case Note.RoundDrift n -> roundDrift(n);
            case Note.ScoreNotJudged n -> n.column() + " is not judged on " + n.row() + ": " + n.lacking() + " has no value there"
                    + " (fewer than 2 of its runs settled, or its runs lack it; its note says why), so the answer is on "
                    + n.fellBackTo();
            case Note.IterationCounts n -> counts(n);
            case Note.LooksLikeRounds n -> "the sides' recordings are numbered alike (" + n.rounds() + " each), as compare numbers"
                    + " its rounds: where they ran so, diff --rounds judges a row whose rounds drift together by each round's"
                    + " ratio, as compare did; here they are two samples";
            default -> throw new IllegalArgumentException(note.toString());
        };
    }

    /**
     * {@code the iterations a run, chosen look by look ({iterations}): 600 in runs 1-5; 2400 in runs 6-10, as the JVMs
     * settle alike …}.
     */
    private static String counts(Note.IterationCounts n) {
        List<String> parts = new java.util.ArrayList<>();
        int pilot = perfstat.cli.stats.IterationPlan.PILOT_ROUNDS;
        List<Note.IterationCounts.Step> steps = n.steps();
        for (int k = 0; k < steps.size(); k++) {
            Note.IterationCounts.Step s = steps.get(k);
            String at = "at " + s.iterations() + " (" + s.settled() + " of " + s.runs() + " runs settled)";
            boolean backAfter = k + 1 < steps.size() && steps.get(k + 1).plan() == null;
            parts.add(s.plan() == null ? at + ", gone back to (chosen again, or more of its runs settled), its rounds the first"
                    : s.kept() ? at + ", kept, its " + pilot + " rounds the first, " + IterationPlanText.why(s.plan())
                    : at + ", set aside in pilot-" + s.iterations() + (backAfter ? ", back to " + steps.get(k + 1).iterations()
                    + " (it chose " + s.plan().iterations() + ")" : ", " + s.plan().iterations() + " next, "
                    + IterationPlanText.why(s.plan())));
        }
        return "the runs made " + n.iterations() + " iterations each, where the commands say {iterations}, as pilot rounds"
                + " chose (Kalibera and Jones: longer runs where an iteration's noise is the spread and a run costs more than"
                + " an iteration, more runs where the JVMs settle apart; never a count where fewer runs settle, nor one piloted"
                + " twice): "
                + String.join("; ", parts);
    }

    /** {@code the machine changed: rounds 6-10 ran 1.9x as slow on both sides; ... judged by the rounds' ratios}. */
    private static String roundDrift(Note.RoundDrift n) {
        List<String> stretches = new java.util.ArrayList<>();
        for (Note.RoundDrift.Stretch s : n.apart()) {
            stretches.add((s.first() == s.last() ? "round " + s.first() : "rounds " + s.first() + "-" + s.last())
                    + String.format(Locale.ROOT, " at %.2fx the usual %s", s.ratio(), n.row()));
        }
        return String.format(Locale.ROOT, "%s against %s: the two sides' runs rose and fell together over the %d rounds%s"
                + " (r=%+.2f)%s, so %s is judged by each round's ratio B/A, from which what the machine did to both runs"
                + " of a round drops out", n.column(), n.baseline(), n.rounds(), n.left() == 0 ? "" : " whose two runs"
                + " settled (" + n.left() + " left out)", n.r(), stretches.isEmpty()
                        ? ": no stretch of rounds stood apart, the level moved gradually"
                        : ": the machine changed, " + String.join(", ", stretches) + " on both sides", n.row());
    }

    /**
     * {@code spread of time elapsed (msecs): A +-7.0% between runs, moving with waited for a CPU (msecs) r=+0.91; B ...};
     * with iterations or intervals, against what varies within a run, and which of the two sets the interval.
     */
    static String spread(Note.SpreadSource n) {
        List<String> parts = new java.util.ArrayList<>();
        for (perfstat.cli.stats.SpreadSources.Side s : n.sides()) {
            StringBuilder b = new StringBuilder(s.column()).append(' ');
            if (Double.isNaN(s.betweenPct())) {
                b.append(s.runs() == 1 ? "1 run" : "no runs");
            } else {
                b.append(String.format(Locale.ROOT, "SD +-%.1f%% between its %d runs", s.betweenPct(), s.runs()));
            }
            if (!Double.isNaN(s.withinPct())) {
                b.append(String.format(Locale.ROOT, ", +-%.1f%% within one (its %s)", s.withinPct(), s.within()));
                if (!Double.isNaN(s.betweenPct())) {
                    b.append(s.differ() ? ": the runs differ more than that explains, so more runs narrow it"
                            : ": that explains the runs' spread");
                }
            }
            if (!s.follows().isEmpty()) {
                b.append(", moving with ").append(String.join(" and ", s.follows()));
            }
            parts.add(b.toString());
        }
        return "spread of " + n.row() + ": " + String.join("; ", parts);
    }

    /**
     * {@code A: its runs change level 157 times (137 to a faster level); near a change the recordings show a compilation
     * ending at 138 (88%; most often ...), ...; any span of three iterations holds a compilation 47% of the time ...}.
     */
    private static String levelChanges(perfstat.cli.stats.Switches.Side s) {
        List<String> parts = new java.util.ArrayList<>();
        if (s.compiled() > 0) {
            List<String> names = new java.util.ArrayList<>();
            s.methods().forEach((m, n) -> names.add(m + " at " + n));
            parts.add(String.format(Locale.ROOT, "a compilation ending at %d (%.0f%%%s)", s.compiled(), 100.0 * s.compiled()
                    / s.switches(), names.isEmpty() ? "" : "; most often " + String.join(", ", names)));
        }
        if (s.deoptimized() > 0) {
            parts.add(String.format(Locale.ROOT, "a deoptimisation at %d (%.0f%%)", s.deoptimized(), 100.0 * s.deoptimized() / s.switches()));
        }
        if (s.gcs() > 0) {
            parts.add(String.format(Locale.ROOT, "a GC at %d (%.0f%%)", s.gcs(), 100.0 * s.gcs() / s.switches()));
        }
        if (s.nothing() > 0) {
            parts.add("none of these at " + s.nothing());
        }
        return s.column() + ": its runs change level " + s.switches() + (s.switches() == 1 ? " time (" : " times (") + s.faster()
                + " to a faster level); near a change the recordings show " + String.join(", ", parts)
                + String.format(Locale.ROOT, "; by chance alone, any span of three iterations holds a compilation %.0f%% of"
                + " the time and a GC %.0f%% (near: the two iterations before the change and the one after it; what"
                + " coincides, not what caused it)", s.compiledAnywherePct(), s.gcAnywherePct());
    }

    private static String iterations(perfstat.cli.stats.Iterations.Side s) {
        List<String> classes = new java.util.ArrayList<>();
        for (perfstat.cli.stats.SteadyState.Kind k : perfstat.cli.stats.SteadyState.Kind.values()) {
            Integer n = s.classes().get(k);
            if (n != null) {
                classes.add(n + " " + switch (k) {
                    case FLAT -> "flat";
                    case WARMUP -> "warm-up";
                    case SLOWDOWN -> "slowdown";
                    case LEVELS -> "switching between levels";
                    case NO_STEADY_STATE -> "with no steady state";
                    case TOO_SHORT -> "too short to class";
                });
            }
        }
        int unsettled = s.runs() - s.steadyRuns();
        if (s.jmh()) { // JMH's forks: its measurement iterations, its warm-up left out as JMH decided it
            return s.column() + ": " + s.runs() + (s.runs() == 1 ? " fork" : " forks") + " of " + s.iterations() + " measurement"
                    + " iterations (median; JMH's warm-up left out)" + (Double.isNaN(s.betweenPct()) || Double.isNaN(s.withinPct())
                    ? "" : String.format(Locale.ROOT, ": an iteration varies +-%.1f%% within a fork, the forks' means +-%.1f%%"
                    + " between them: %s", s.withinPct(), s.betweenPct(), s.jvmsDiffer()
                    ? "the forks settle differently, so more forks (-f) narrow the interval, more iterations (-i) do not"
                    : "the iterations' own noise explains the means' spread, so more iterations a fork (-i) narrow it as more"
                    + " forks (-f) do"));
        }
        String head = s.column() + ": " + s.runs() + (s.runs() == 1 ? " run" : " runs") + " of " + s.iterations()
                + " iterations (median): " + String.join(", ", classes)
                + (unsettled > 0 ? " (the steady rows are of the " + s.steadyRuns() + " that settled, flat, warm-up or slowdown, as"
                        + " Barrett et al. take them; a side"
                        + " with fewer than 2 is not judged on them)" : "")
                + (s.warmup() > 0 ? "; steady after " + s.warmup() + " iterations (median)" : "")
                + (s.steadyRuns() >= 10 ? "; the steady rows judged by trimmed means, a tenth of each side's runs off each end,"
                        + " so that a JVM that settled apart does not carry the interval" : "");
        if (Double.isNaN(s.betweenPct()) || Double.isNaN(s.withinPct())) {
            return head;
        }
        return head + String.format(Locale.ROOT, "; in steady state an iteration varies +-%.1f%% within a JVM, the JVMs'"
                + " means +-%.1f%% between them: %s", s.withinPct(), s.betweenPct(), s.jvmsDiffer()
                ? "the JVMs settle differently, so more runs narrow the interval, more iterations a run do not"
                : "the iterations' own noise explains the means' spread, so more iterations a run narrow it as more runs do");
    }

    private static String words(Note.NotCompared n) {
        return n.what() + ": only in " + String.join(", ", n.onlyIn()) + ", so not compared";
    }

    private static String words(Note.DerivedFromLoad n) {
        String share = Double.isNaN(n.lowPct()) ? "" : Math.abs(n.highPct() - n.lowPct()) < 0.05
                ? String.format(Locale.ROOT, "; its samples cover %.1f%% of the JVM's life, scaled to all of it", n.lowPct())
                : String.format(Locale.ROOT, "; its samples cover %.1f-%.1f%% of a JVM's life, scaled to all of it", n.lowPct(), n.highPct());
        return n.row() + (n.all() ? "" : " in " + String.join(", ", n.columns())) + " is derived from jdk.CPULoad x CPUs, not"
                + " counted" + share + " (status derived in json and csv): a change in it is the load's, as the JDK samples it";
    }

    private static String words(Note.SameRecording n) {
        return "every configuration is the same recording: the deltas are zero by construction";
    }

    private static String words(Note.Look n) {
        java.text.DecimalFormat f = new java.text.DecimalFormat("0.##", java.text.DecimalFormatSymbols.getInstance(Locale.ROOT));
        return "judged at the look at " + n.runs() + " runs a side of a comparison run until decided: the primary measure at "
                + f.format(100 * n.primaryLevel()) + "%, the --fail-on rules at " + f.format(100 * n.ruleLevel()) + "% (the"
                + " error spent across looks); a later diff of these recordings judges them as a fixed count";
    }

    private static String words(Note.ObserverCheck n) {
        if (n.alone()) {
            return "observer check: the command ran without and with probes, interleaved; the table compares them (the"
                    + " application row is what the probes cost the program's own threads, perfstat's class transformation"
                    + " what rewriting the probed classes took)";
        }
        return "observer check: each variant also ran without probes, interleaved with the runs above; the lines after the"
                + " first summary compare them (a probe changes how the JIT compiles the method it is in, so it can cost one"
                + " variant more than another)";
    }

    private static String words(Note.MergedOverloads n) {
        return n.method() + ": one row for the " + n.overloads() + " overloads its patterns matched (--probes-merge): its calls"
                + " are theirs together, a call of one that calls another counts in both, and its latencies mix them";
    }

    private static String words(Note.ObserverRows n) {
        return "observer check, " + n.variant() + ": " + String.join("; ", n.rows().stream().map(r -> {
            String judged = Formats.judgedDelta(r, 1);
            return r.metric().label().trim() + " " + Formats.value(r.values().get(0), r.metric().decimals()) + " without probes, "
                    + Formats.value(r.values().get(1), r.metric().decimals()) + " with" + (judged.isEmpty() ? "" : " " + judged);
        }).toList());
    }

    private static String words(Note.SampleKind n) {
        return "hot methods: shares of " + String.join(" and ", n.events().stream()
                .map(e -> e.equals(JdkEvent.CPU_TIME_SAMPLE.type()) ? "CPU-time samples (jdk.CPUTimeSample)"
                : e.equals(JdkEvent.EXECUTION_SAMPLE.type())
                ? "execution samples (jdk.ExecutionSample)" : e).toList())
                + (n.events().size() > 1 ? ", which the sides differ in" : "")
                + "; perfstat's own frames (its probes and agent, with what they call) are one row, "
                + perfstat.cli.stats.HotMethods.PERFSTAT_PROBES;
    }

    private static String words(Note.NoSamples n) {
        return n.column() + ": no method samples, so no hot-method shares; perfstat records them unless --no-samples"
                + " is given (another JVM's recording: -XX:StartFlightRecording=settings=profile)";
    }

    private static String words(Note.TargetExited n) {
        return String.format(Locale.ROOT, "the target (pid %s) exited at t = %.1f s into the %s s window: the table covers"
                + " the window up to its exit", n.pid(), n.atSeconds(), seconds(n.windowSeconds()));
    }

    private static String words(Note.WindowStopped n) {
        return String.format(Locale.ROOT, "%s ended the window at t = %.1f s of %s s: the table covers the window up to then",
                n.signal(), n.atSeconds(), seconds(n.windowSeconds()));
    }

    private static String words(Note.EventsSkipped n) {
        List<String> parts = n.skipped().stream().map(k -> k.events() + " " + k.eventType() + " (" + cause(k) + ")").toList();
        return (n.column() == null ? "" : n.column() + ": ") + "events perfstat could not use, left out of the table: "
                + String.join(", ", parts);
    }

    private static String words(Note.AgentLosses n) {
        List<String> parts = new java.util.ArrayList<>();
        count(parts, n.installerErrors(), "class", "classes", "the probe installer failed to transform (not probed)");
        count(parts, n.classesInvisible(), "class", "classes", "whose class loader cannot see perfstat's probes (not probed)");
        count(parts, n.probesDropped(), "method", "methods", "past the limit of probes (not probed)");
        count(parts, n.probeFailures(), "error", "errors", "inside probes (suppressed; a timed call's latency lost each)");
        count(parts, n.counterReadFailures(), "counter read", "counter reads", "that failed (an interval's row lost each)");
        return (n.column() == null ? "" : n.column() + ": ") + "the agent counted " + String.join("; ", parts);
    }

    private static String words(Note.SamplesOutsideWindow n) {
        return String.format(Locale.ROOT, "%s: hot methods and flame graph count the %d method samples inside the counters'"
                + " window; %d outside it (%.1f%%: %s, JFR writing the recording) are left out",
                n.column(), n.kept(), n.outside(), 100.0 * n.outside() / Math.max(1, n.outside() + n.kept()),
                n.late() ? "the run before the window's late opening (--delay, --from)" : "the JVM's and the agent's start");
    }

    private static String words(Note.SafepointBiased n) {
        return String.format(Locale.ROOT, "%s: %d of the %d CPU-time samples (%.1f%%) were taken at their thread's next"
                + " safepoint, not where it was (JFR's biased); each counts as self of the method at that safepoint, mostly"
                + " where the time went or its caller (with --timing exact on a small hot method, the probed method's"
                + " caller, where each timed exit's clock read returns)", n.column(), n.biased(), n.samples(),
                100.0 * n.biased() / Math.max(1, n.samples()));
    }

    private static String words(Note.UnmatchedProbeNear n) {
        return "probe '" + n.pattern() + "' matched no method; did you mean " + String.join(" or ", n.candidates()) + "?";
    }

    private static String words(Note.GcOnVmThread n) {
        return (n.column() == null ? "" : n.column() + ": ") + "GC 0 msecs though the JVM collected: Serial has"
                + " no GC threads of its own (it collects on the VM thread), so the collections' CPU time is in JVM runtime";
    }

    private static String words(Note.NotCountedInSomeRecordings n) {
        return n.column() + ": <not counted> where only some of its " + n.recordings() + " recordings have a value (a run"
                + " shorter than the event's period, one without the event, or a probe's without a timed call), so not"
                + " judged: " + String.join(", ",
                n.rows().stream().map(r -> r.label() + " (missing in " + r.recordings() + ")").toList());
    }

    private static String words(Note.NoRoleSplit n) {
        return (n.column() == null ? "" : n.column() + ": ") + "no task-clock by thread role: " + n.reason();
    }

    private static String words(Note.RolesFrom n) {
        return (n.column() == null ? "" : n.column() + ": ") + rolesFrom(n.source());
    }

    private static String words(Note.RolesDerived n) {
        return (n.column() == null ? "" : n.column() + ": ") + derivedWords(n);
    }

    private static String words(Note.JitObserver n) {
        return (n.column() == null ? "" : n.column() + ": ") + String.format(java.util.Locale.ROOT,
                "JIT on JFR/perfstat code: estimated as the JIT compiler's time in the window x their classes' share of"
                + " its compile time (its first recording: %.2f of %.2f ms, jdk.Compilation: %.2f of %.2f ms); compile"
                + " wall time stands in for CPU time, and the JIT compiler row holds the rest",
                n.observerMs(), n.jitMs(), n.observerCompileMs(), n.allCompileMs());
    }

    static List<String> lines(List<Note> notes) {
        return merged(notes);
    }

    private static String seconds(double s) {
        return s == Math.rint(s) ? Long.toString((long) s) : String.format(Locale.ROOT, "%.1f", s);
    }

    private static String cause(Note.Skip k) {
        return switch (k.cause()) {
            case FRAME_WITHOUT_METHOD -> "a stack frame without a method";
            case MISSING_FIELD -> "no field " + k.field();
            case FIELD_OF_ANOTHER_TYPE -> "field " + k.field() + " of another type";
            case FIELD_WITHOUT_VALUE -> "a field without a value";
            case OTHER -> k.field();
        };
    }

    private static void count(List<String> parts, long n, String one, String many, String what) {
        if (n > 0) {
            parts.add(n + " " + (n == 1 ? one : many) + " " + what);
        }
    }

    /** {@code Vfs::write: latency percentiles rest on 1204-1310 | 8-11 timed calls a recording (a | b)}. */
    private static String timedCalls(Note.TimedCalls n) {
        List<String> per = new java.util.ArrayList<>();
        for (List<Long> t : n.timedCalls()) {
            long lo = t.stream().mapToLong(Long::longValue).min().orElse(0);
            long hi = t.stream().mapToLong(Long::longValue).max().orElse(0);
            per.add(t.isEmpty() ? Formats.NOT_COUNTED : lo == hi ? Long.toString(lo) : lo + "-" + hi);
        }
        return n.probe() + ": latency percentiles rest on " + String.join(" | ", per) + " timed calls a recording ("
                + String.join(" | ", n.columns()) + ")";
    }

    /** A period as the JDK's settings write it: {@code 10 s}, {@code 500 ms}. */
    private static String period(long ns) {
        return ns % 1_000_000_000L == 0 ? ns / 1_000_000_000L + " s" : ns % 1_000_000L == 0 ? ns / 1_000_000L + " ms" : ns + " ns";
    }

    /** The derived roles' words, without the column's name. */
    private static String derivedWords(Note.RolesDerived n) {
        String every = n.periodNs() > 0 ? "sampled every " + period(n.periodNs())
                : "one periodic pass or none: default.jfc and profile.jfc sample every 10 s, so a recording this short"
                + " leaves most threads' time in the rest";
        return "task-clock by thread role derived from jdk.ThreadCPULoad (" + every
                + ", each load a share of " + n.cpus() + " CPUs): an estimate, not measured; the event covers Java threads"
                + " only (the application's, the JIT compilers', JFR's and the JVM's Java threads), so there is no GC row:"
                + " the GC's threads, the VM thread and JFR's sampler are in the rest, with each thread's time after its"
                + " last event and the JVM's before the recording (docs/counters.md)";
    }


    /** What the task-clock row above the roles leaves out, said wherever the roles' source is. */
    private static final String LESS_OBSERVER = "; the task-clock row leaves out the observer's rows (JFR's and perfstat's"
            + " threads, and the JIT on their code where recorded): task-clock:process is the whole process";

    /** The words on a source of the role rows (docs/counters.md says more). */
    private static String rolesFrom(String source) {
        if (source != null && source.startsWith(perfstat.format.CounterSource.PERF_EVENT_OPEN)) {
            return "task-clock by thread role from " + source + " (a thread started in the window counts in its"
                    + " starter's role unless schedstat saw it; docs/counters.md)" + LESS_OBSERVER;
        }
        return "task-clock by thread role from each thread's schedstat (ns) at every read; ended between reads: the"
                + " rest of the task-clock (docs/counters.md)" + LESS_OBSERVER;
    }

    /** {@code writes}, {@code HC4::getMatches calls}: a unit of work counted. */
    private static String counted(String unit) {
        return unit.endsWith("s") ? unit : unit + "s";
    }

    private static String words(Note.PerUnitOf n) {
        return "per " + n.unit() + ": each run's totals divided by the run's count of " + counted(n.unit()) + " (" + n.from()
                + "), a column the mean of its runs' ratios, judged on them; the totals hold fixed costs (the JVM's start,"
                + " the JIT, warm-up), which a short run spreads over few units: the application row per unit leaves out"
                + " the JIT's and GC's work, and --from METHOD opens the counters after warm-up";
    }

    private static String words(Note.FewUnits n) {
        return n.column() + ": run " + n.run() + " counted " + n.count() + " " + n.unit() + ", under a tenth of its runs'"
                + " median (" + n.median() + "): its rows per unit are mostly fixed costs and sway the column";
    }

    private static String words(Note.WhatDiffers n) {
        return "what differs: " + String.join(", ", n.what());
    }

    private static String words(Note.SidesDiffer n) {
        String sides = (n.what().startsWith("jdk.") ? "JFR settings of " + n.what() + " differ: "
                : n.what() + (plural(n.what()) ? " differ: " : " differs: "))
                + pairs(n.columns(), n.values());
        return n.rows().isEmpty() ? sides : sides + "; so " + String.join(", ", n.rows())
                + " are not comparable: not judged (?)";
    }

    /** Whether a setup's name is a plural ("perfstat options", "GC threads", "CPUs the JVM saw"); a flag's is not. */
    private static boolean plural(String what) {
        return !what.startsWith("-") && (what.endsWith("s") || what.startsWith("CPUs "));
    }

    private static String words(Note.DiffersWithin n) {
        return n.column() + "'s recordings differ in " + n.what() + ": " + pairs(n.files(), n.values());
    }

    /** {@code a: G1, b: Parallel}; with "; " between them where a value has a comma of its own. */
    private static String pairs(List<String> names, List<String> values) {
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            out.add(names.get(i) + ": " + (values.get(i).isEmpty() ? "not set" : values.get(i)));
        }
        return String.join(values.stream().anyMatch(v -> v.contains(",")) ? "; " : ", ", out);
    }

    private static String words(Note.SharedMachine n) {
        String col = n.column() == null || n.column().isEmpty() ? null : n.column();
        String who = n.run() > 0 ? "run " + n.run() + (col == null ? "" : " of " + col)
                : n.run() < 0 ? (n.busy() < n.runs() ? n.busy() + " of " + n.runs() + " runs" : "every run") + (col == null ? "" : " of " + col)
                : col == null ? "the run" : col;
        return String.format(Locale.ROOT, "%s shared the machine: %.2f CPUs%s used by other processes%s%s", who,
                n.otherCpus(), n.cpus() > 0 ? " of " + n.cpus() : "", n.run() < 0 ? " (median)" : "",
                n.run() > 0 ? ", much more than beside its side's other runs" : "");
    }

    private static String words(Note.WaitedForCpu n) {
        String col = n.column() == null || n.column().isEmpty() ? "" : " of " + n.column();
        return String.format(Locale.ROOT, "run %d%s waited for a CPU %.1f ms for each ms it ran, %.1f times its side's"
                + " other runs (%.1f): its neighbours wanted more of the machine (%.2f CPUs%s used by other processes)",
                n.run(), col, n.waitPerCpu(), n.waitPerCpu() / n.sideMedian(), n.sideMedian(), n.otherCpus(),
                n.cpus() > 0 ? " of " + n.cpus() : "");
    }

    private static String words(Note.MachineLoad n) {
        return prefix(n.column()) + String.format(Locale.ROOT,
                "machine: other processes used %.2f CPUs%s while it ran, steal %.1f ms; its threads waited %s for a CPU;"
                        + " CPU frequency %s", n.otherCpus(), n.cpus() > 0 ? " of " + n.cpus() : "", n.stealMs(),
                Double.isNaN(n.runQueueWaitMs()) ? "<not counted>" : String.format(Locale.ROOT, "%.1f ms", n.runQueueWaitMs()),
                Double.isNaN(n.cpuMhz()) ? "<not supported>" : String.format(Locale.ROOT, "%.0f MHz", n.cpuMhz()));
    }

    /** {@code column: }, or nothing where the note is about no column. */
    private static String prefix(String column) {
        return column == null || column.isEmpty() ? "" : column + ": ";
    }

    private static String lateWindow(Note.LateWindow n) {
        String col = n.column() == null ? "" : n.column();
        String run = n.run() > 0 ? "run " + n.run() : "";
        String who = col.isEmpty() && run.isEmpty() ? "" : (col + (col.isEmpty() || run.isEmpty() ? "" : " ") + run + ": ");
        String asked = "from".equals(n.trigger()) ? "--from " + n.target() : "--delay " + n.target();
        if (!n.opened()) {
            String why = "from".equals(n.trigger()) ? n.target() + " was never called" : "the JVM exited before the delay ran out";
            return who + "the window never opened (" + asked + "): " + why + "; the counts are the whole run's, from the agent's"
                    + " start to the JVM's exit, not a window's";
        }
        String from = "from".equals(n.trigger()) ? "the first call of " + n.target() + ", " : "";
        return who + String.format(Locale.ROOT, "window: counters, probes, hot methods and the JDK's rows from %s%.3f s after"
                + " the agent's start (%s), to the JVM's exit", from, n.openedAfterMs() / 1e3, asked)
                + (n.score() ? "; the score, the workload's measured window" : "");
    }


    /**
     * The notes' lines, where the notes on the role rows' source of several columns with the same source (or the same
     * derived estimate's words) become one line naming them all, at the first one's place.
     */
    private static List<String> merged(List<Note> notes) {
        java.util.Map<String, List<String>> columns = new java.util.LinkedHashMap<>();
        java.util.Map<String, List<String>> derived = new java.util.LinkedHashMap<>();
        for (Note n : notes) {
            if (n instanceof Note.RolesFrom r && r.column() != null) {
                columns.computeIfAbsent(r.source() == null ? "" : r.source(), k -> new java.util.ArrayList<>()).add(r.column());
            }
            if (n instanceof Note.RolesDerived d && d.column() != null) {
                derived.computeIfAbsent(derivedWords(d), k -> new java.util.ArrayList<>()).add(d.column());
            }
            if (n instanceof Note.MachineUnread m && m.column() != null && !m.column().isEmpty()) {
                derived.computeIfAbsent("machine: " + m.why(), k -> new java.util.ArrayList<>()).add(m.column());
            }
        }
        List<String> out = new java.util.ArrayList<>();
        java.util.Set<String> said = new java.util.HashSet<>();
        for (Note n : notes) {
            if (n instanceof Note.RolesFrom r && r.column() != null) {
                String source = r.source() == null ? "" : r.source();
                if (said.add(source)) {
                    out.add(String.join(", ", columns.get(source)) + ": " + rolesFrom(r.source()));
                }
            } else if (n instanceof Note.RolesDerived d && d.column() != null) {
                String words = derivedWords(d);
                if (said.add(words)) {
                    out.add(String.join(", ", derived.get(words)) + ": " + words);
                }
            } else if (n instanceof Note.MachineUnread m && m.column() != null && !m.column().isEmpty()) {
                String words = "machine: " + m.why(); // alike in every column of one machine: one line
                if (said.add(words)) {
                    out.add(String.join(", ", derived.get(words)) + ": " + words);
                }
            } else {
                out.add(of(n));
            }
        }
        return out;
    }
}
