package perfstat.cli.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import perfstat.cli.user.UserError;
import perfstat.cli.launch.ModelLauncher;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.cli.stats.Comparison;
import perfstat.cli.render.ViolationText;
import perfstat.cli.stats.Families;
import perfstat.cli.stats.IterationPlan;
import perfstat.cli.stats.Note;
import perfstat.cli.stats.RoleRows;
import perfstat.cli.stats.Sequential;
import perfstat.cli.stats.Summary;
import perfstat.cli.stats.Table;
import perfstat.cli.stats.Title;
import perfstat.models.Models;
import perfstat.agent.AgentOptions;
import perfstat.cli.launch.AgentArgs;
import perfstat.cli.launch.JavaCommandRunner;
import perfstat.cli.score.ScoreChunk;
import perfstat.cli.score.ScorePattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code perfstat compare MODEL}: runs each variant (default unpatched then patched) several
 * times, interleaved, and prints the diff of their means. One run a side is not enough on a
 * noisy machine: here fstime's score varies by about 6% from one JVM to the next.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, description = {
        "Run variants of a model, or two or more java commands, interleaved, and print their comparison.",
        "  compare MODEL                                        a model's variants (perfstat models)",
        "  compare --name old -- java … ::: --name new -- java …  your own commands, the first the baseline"})
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "MODEL|COMMANDS",
            description = "A model or workload name (perfstat models), or java command lines separated by ':::',"
                    + " each after its own --name NAME --.")
    List<String> words;

    @Option(names = "--name", paramLabel = "NAME",
            description = "The first command's name (the others' go before their own --); default A, B, ….")
    String firstName;

    @Option(names = "--variants", split = ",", paramLabel = "A,B",
            description = "Variants to compare; the first is the baseline (default: the model's first two,"
                    + " unpatched,patched for the write-path model).")
    List<String> variants;

    @Option(names = {"-r", "--runs"},
            description = "Runs of each variant, interleaved A B A B so that drift of the machine cancels; each column shows"
                    + " the mean (default: until decided, looking at 5, 10, 20 runs a side).")
    Integer runs;

    @Option(names = "--max-runs", paramLabel = "N", defaultValue = "20",
            description = "Without -r: the most runs a side before the comparison stops undecided (default: ${DEFAULT-VALUE}).")
    int maxRuns;

    @Option(names = "--max-time", paramLabel = "DURATION",
            description = "Without -r: stop undecided rather than start a look that would end after DURATION (e.g. 10m, 90s).")
    String maxTime;

    @Option(names = "--precision", paramLabel = "POINTS", defaultValue = "4",
            description = "Without -r: where the primary measure is shown changed, go on to the next look while its interval"
                    + " is wider than POINTS percentage points and than half the change (default: ${DEFAULT-VALUE}; 0: stop"
                    + " once decided), within --max-runs and --max-time.")
    String precision;

    @Option(names = "--iterations", paramLabel = "N",
            description = "The iterations a run, put where a command says " + CommandSides.ITERATIONS + " (e.g. java App"
                    + " " + CommandSides.ITERATIONS + "): the first look's count; without -r compare then chooses each look's"
                    + " count from how the iterations and the runs' means vary and what a run and an iteration cost"
                    + " (default 100). Needs --iteration or --iteration-score.")
    Integer iterations;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "Keep the recordings in DIR: a model's as WORKLOAD-VARIANT.jfr, a command's as NAME/NAME.N.jfr,"
                    + " which diff DIR/A DIR/B reads again (default: not kept).")
    Path outputDir;

    @Option(names = {"-e", "--event"}, paramLabel = "EVENTS", split = ",",
            description = "Counters, comma-separated, as perf names them (default: perf stat's default set).")
    List<String> events = new ArrayList<>();

    @Mixin
    FormatOption format;

    @Option(names = "--warmup-runs", defaultValue = "0", paramLabel = "K",
            description = "Runs of each variant first, discarded (default: ${DEFAULT-VALUE}).")
    int warmupRuns;

    @Mixin
    ModelOptions run;

    @Option(names = "--observer-check",
            description = "Also run each variant without probes, interleaved with the others, and say, judged, how much the"
                    + " probes moved each variant's score and the change between variants.")
    boolean observerCheck;

    @Mixin
    JudgeOptions judge;

    @Mixin
    ScoreOptions score;

    /** The commands' score pattern (--score), or null. */
    private ScorePattern scorePattern;
    /** --precision, in percentage points (0: stop once decided). */
    private double precisionPoints;
    /** Whether the warm-up runs ran (before the first pilot, where there are pilots). */
    private boolean warmedUp;
    /** What each run took on the clock, in the order run (warm-up runs left out). */
    private final List<Long> runNs = new ArrayList<>();
    /** The iterations a run where a command says {iterations}, when --iterations is not given. */
    static final int DEFAULT_ITERATIONS = 100;

    @Override
    public Integer call() throws IOException {
        boolean commands = CommandSides.areCommands(words, firstName);
        Models.Selection sel = commands ? null : ModelOptions.select(words.get(0));
        List<CommandSides.Side> sides = commands ? CommandSides.parse(words, firstName, observerCheck ? 1 : 2) : null;
        checkOptions(sel, sides);
        var options = judge.options().inRounds(); // its runs are interleaved: run i of each side in round i
        Plan plan = commands ? plan(sides) : plan(sel);
        GateNames.refuseUnknown(judge.failOn, commands ? commandAgent() : withEvents(run.spec(sel, variants.get(0),
                Duration.ofSeconds(5))).agent(), commands ? null : sel.workload(), score.names(scorePattern));
        boolean keep = outputDir != null;
        Path dir = keep ? outputDir : Files.createTempDirectory("perfstat-compare-");
        if (keep) {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw UserError.usage(dir + " is not a directory");
            }
            Files.createDirectories(dir);
        }
        Sequential looks = runs != null ? Sequential.fixed(runs, 1 - options.confidence())
                : Sequential.upTo(maxRuns, 1 - options.confidence());
        List<List<Path>> files = fileNames(plan, dir, looks.maxRuns());
        PrintWriter err = spec.commandLine().getErr();
        String busy = perfstat.cli.launch.BusyMachine.warning("compare", perfstat.cli.launch.BusyMachine.otherCpus(),
                Runtime.getRuntime().availableProcessors());
        if (busy != null) {
            err.println(busy);
        }
        try {
            Judged judged;
            try (java.io.Closeable signals = ModelLauncher.notingSignals()) { // a signal between runs ends them too, with the table
                judged = runLooks(plan, dir, files, err, looks, options, commands, sides);
            } catch (StoppedEarly e) {
                keep = true; // what the runs wrote is the user's: kept, and said where
                err.println("perfstat compare: stopped by " + e.stopped.signal + " before a round was whole (" + e.partial
                        + (e.partial == 1 ? " run" : " runs") + " finished): no table; recordings in " + dir);
                return e.stopped.status();
            }
            // the table first: a rule the runs' table cannot judge is refused (exit 2) after it, not instead of it
            format.render(judged.table(), spec.commandLine().getOut());
            spec.commandLine().getOut().flush();
            if (judged.stopped() != null) {
                keep = true; // without -o they were in a temporary directory: kept, and said where
                err.println("perfstat compare: stopped by " + judged.stopped().signal + " in round " + judged.stopped().round
                        + ": the table is of the whole rounds before it; recordings in " + dir);
                return judged.stopped().status();
            }
            if (keep) {
                err.println("perfstat compare: recordings in " + dir + (commands ? ", each run's output beside its recording"
                        + " (NAME.N.out)" : ""));
            }
            return judge.gate(judged.table(), spec.qualifiedName(), err, judged.alpha());
        } finally {
            if (!keep) {
                deleteTree(dir);
            }
        }
    }

    /**
     * The table of the last look, and the α its primary measure and rules were judged at; {@code stopped} the exception
     * of a signal that ended the runs early (null where they ran to the end).
     */
    private record Judged(Table table, double alpha, Stopped stopped) {
        Judged(Table table, double alpha) {
            this(table, alpha, null);
        }
    }

    /**
     * The runs ended by a signal: the table of the whole rounds, a partial round's runs left out, and a note that says so;
     * none where no round finished.
     */
    private Judged stopped(Stopped s, List<List<RunData>> columns, Comparison.Options options, boolean commands,
                           List<CommandSides.Side> sides) {
        int whole = columns.stream().mapToInt(List::size).min().orElse(0);
        int partial = columns.stream().mapToInt(c -> c.size() - whole).sum();
        if (whole == 0) {
            throw new StoppedEarly(s, partial);
        }
        List<List<RunData>> rounds = columns.stream().map(c -> List.copyOf(c.subList(0, whole))).toList();
        Table table = commands ? Comparison.ofColumns(rounds, variants, options) : Comparison.ofColumns(rounds, options);
        if (commands) {
            table = table.withTitle(new Title(CommandSides.subject(sides), null, whole));
        }
        List<Note> notes = new ArrayList<>(table.notes());
        notes.add(new Note.StoppedComparison(s.signal, whole, partial));
        return new Judged(table.withNotes(notes), 1 - options.confidence(), s);
    }

    /** A signal before the first round was whole: nothing to judge. */
    private static final class StoppedEarly extends RuntimeException {
        final Stopped stopped;
        final int partial;

        StoppedEarly(Stopped stopped, int partial) {
            super(stopped.signal, null, false, false);
            this.stopped = stopped;
            this.partial = partial;
        }
    }

    /**
     * The runs, look by look: each look's rounds, then its table; the first look where nothing is undecided (or the last,
     * or the one past which --max-time would end) is the answer. A fixed -r is one look.
     */
    private Judged runLooks(Plan plan, Path dir, List<List<Path>> files, PrintWriter err, Sequential looks,
                            Comparison.Options options, boolean commands, List<CommandSides.Side> sides) throws IOException {
        long budgetNs = maxTime == null ? Long.MAX_VALUE : perfstat.cli.user.Durations.parse(maxTime).toNanos();
        if (!looks.fixed()) {
            err.println("perfstat compare: runs until decided: " + looks.plan() + "; at most " + looks.maxRuns() * plan.slots().size()
                    + " runs in all" + (maxTime == null ? "" : ", none started that would end after " + maxTime)
                    + (iterations == null ? "" : "; first, pilot rounds choose the iterations a run"));
        }
        List<List<RunData>> columns = new ArrayList<>();
        plan.slots().forEach(x -> columns.add(new ArrayList<>()));
        Pilots pilots = new Pilots(iterations == null ? 0 : iterations);
        long started = System.nanoTime();
        int done;
        try {
            done = looks.fixed() || iterations == null ? 0 : pilot(plan, dir, files, err, looks, columns, pilots);
        } catch (Stopped s) {
            return stopped(s, columns, options, commands, sides);
        }
        looks = moreRunsForShorter(looks, pilots, plan, dir, files, err, 1 - options.confidence());
        for (int k = 0; ; k++) {
            int n = looks.runs().get(k);
            try {
                runAll(plan, dir, files, err, done, n, looks, columns, pilots.count);
            } catch (Stopped s) {
                return stopped(s, columns, options, commands, sides);
            }
            done = n;
            double alpha = looks.alphas().get(k);
            Comparison.Options at = looks.fixed() ? options : options.atLook(alpha);
            Table table = observerCheck ? observed(columns, at) : commands ? Comparison.ofColumns(columns, variants, at)
                    : Comparison.ofColumns(columns, at);
            if (commands) {
                table = table.withTitle(new Title(CommandSides.subject(sides), null, n));
            }
            List<Sequential.LookRow> open = Sequential.undecided(table, judge.rules(), alpha);
            List<Sequential.LookRow> wide = open.isEmpty() ? Sequential.imprecise(table, precisionPoints) : List.of();
            boolean last = k == looks.runs().size() - 1;
            long elapsed = System.nanoTime() - started;
            boolean outOfTime = !last && elapsed + elapsed / n * (looks.runs().get(k + 1) - n) > budgetNs;
            if (looks.fixed() || open.isEmpty() && wide.isEmpty() || last || outOfTime) {
                return new Judged(lastLook(table, pilots, looks, n, alpha, open, wide, outOfTime, options, err),
                        looks.fixed() ? 1 - options.confidence() : alpha);
            }
            err.println("perfstat compare: look at " + n + " runs a side: " + String.join("; ", open.isEmpty()
                    ? wide.stream().map(u -> ViolationText.decided(u, options.minEffect()) + ", wider than --precision "
                    + precision).toList() : open.stream().map(u -> ViolationText.of(u, options.minEffect())).toList())
                    + fellBack(table) + "; going on to " + looks.runs().get(k + 1));
        }
    }

    /** The most pilots; the count the last one chose is then taken without another. */
    static final int MOST_PILOTS = 3;

    /**
     * Pilot rounds that choose the iterations a run where the commands say {iterations} ({@link IterationPlan}): a pilot
     * of {@value IterationPlan#PILOT_ROUNDS} rounds at the count, whose runs are judged on nothing but how their iterations and means
     * vary; where it keeps the count, its rounds are the comparison's first (the rounds run so far, returned), else they
     * are set aside under DIR/pilot-N (N their count) and the next pilot runs at the count chosen. A run's steady mean
     * may depend on its length (a program that slows down late), so runs of different counts are never judged together.
     */
    private int pilot(Plan plan, Path dir, List<List<Path>> files, PrintWriter err, Sequential looks,
                      List<List<RunData>> columns, Pilots pilots) throws IOException {
        int settledBefore = -1;
        for (int p = 1; p <= MOST_PILOTS; p++) {
            runAll(plan, dir, files, err, 0, IterationPlan.PILOT_ROUNDS, looks, columns, pilots.count);
            IterationPlan chosen = IterationPlan.next(columns, runNs, pilots.count);
            int settled = IterationPlan.settled(columns);
            int runs = columns.stream().mapToInt(List::size).sum();
            Note.IterationCounts.Step tried = pilots.steps.stream().filter(x -> x.iterations() == chosen.iterations())
                    .findFirst().orElse(null);
            if (settled < settledBefore || tried != null) { // back to a count piloted before, its rounds the first
                Note.IterationCounts.Step back = settled < settledBefore ? pilots.steps.get(pilots.steps.size() - 1) : tried;
                Path aside = setAside(plan, dir, files, pilots.count);
                pilots.steps.add(new Note.IterationCounts.Step(pilots.count, chosen, false, settled, runs));
                err.println("perfstat compare: pilot at " + pilots.count + " iterations a run: " + (settled < settledBefore
                        ? settled + " of its runs settled against " + back.settled() + " at " + back.iterations()
                        : back.iterations() + " chosen, which a pilot ran before") + ": back to " + back.iterations()
                        + ", that pilot's rounds the comparison's first; these runs set aside in " + aside);
                restore(plan, dir, files, back.iterations(), columns);
                pilots.count = back.iterations();
                pilots.steps.add(new Note.IterationCounts.Step(back.iterations(), null, true, back.settled(), back.runs()));
                return IterationPlan.PILOT_ROUNDS;
            }
            boolean keep = Math.abs(Math.log((double) chosen.iterations() / pilots.count)) < Math.log(1.4);
            pilots.steps.add(new Note.IterationCounts.Step(pilots.count, chosen, keep, settled, runs));
            String why = perfstat.cli.render.IterationPlanText.why(chosen);
            if (keep) {
                err.println("perfstat compare: pilot at " + pilots.count + " iterations a run: the count stays"
                        + (chosen.iterations() == pilots.count ? ", " : " (" + chosen.iterations() + " chosen is within 1.4x of"
                        + " it), ") + why + "; its " + IterationPlan.PILOT_ROUNDS + " rounds are the comparison's first");
                return IterationPlan.PILOT_ROUNDS;
            }
            Path aside = setAside(plan, dir, files, pilots.count);
            err.println("perfstat compare: pilot at " + pilots.count + " iterations a run: " + chosen.iterations() + " next, "
                    + why + "; its runs set aside in " + aside);
            columns.forEach(List::clear);
            runNs.clear();
            settledBefore = settled;
            pilots.count = chosen.iterations();
        }
        return 0;
    }

    /** Moves a pilot's recordings back from DIR/pilot-N to the comparison's first rounds, and reads them again. */
    private void restore(Plan plan, Path dir, List<List<Path>> files, int count, List<List<RunData>> columns) throws IOException {
        Path aside = dir.resolve("pilot-" + count);
        movePilot(plan, dir, files, aside, false);
        columns.forEach(List::clear);
        for (int r = 0; r < IterationPlan.PILOT_ROUNDS; r++) {
            for (int v = 0; v < plan.slots().size(); v++) {
                columns.get(v).add(RecordingReader.read(files.get(r).get(v).toString()));
            }
        }
        deleteTree(aside); // its directories, now empty
    }

    /**
     * A pilot's recordings and each run's output, the comparison's first rounds, moved to {@code aside} (under it as
     * under DIR), or back from it.
     */
    private static void movePilot(Plan plan, Path dir, List<List<Path>> files, Path aside, boolean out) throws IOException {
        for (int r = 0; r < IterationPlan.PILOT_ROUNDS; r++) {
            for (int v = 0; v < plan.slots().size(); v++) {
                Path f = files.get(r).get(v);
                for (Path x : List.of(f, outputOf(f))) {
                    Path from = out ? x : aside.resolve(dir.relativize(x));
                    Path to = out ? aside.resolve(dir.relativize(x)) : x;
                    if (Files.exists(from)) {
                        Files.createDirectories(to.getParent());
                        Files.move(from, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
    }

    /**
     * Where the pilots shortened the runs (the JVMs settle apart: runs, not iterations, narrow the interval) and
     * --max-runs was not given: the looks go on to as many runs as the time saved holds, twice the most at most, since
     * shorter runs at the same count of them would buy speed with precision. The schedule depends on the runs' costs
     * and spread, not on the change between the sides, so the looks' error is spent as before.
     */
    private Sequential moreRunsForShorter(Sequential looks, Pilots pilots, Plan plan, Path dir, List<List<Path>> files,
                                          PrintWriter err, double alpha) throws IOException {
        IterationPlan p = pilots.steps.stream().map(Note.IterationCounts.Step::plan).filter(java.util.Objects::nonNull)
                .reduce((a, b) -> b).orElse(null);
        if (looks.fixed() || iterations == null || pilots.count >= iterations || p == null || !(p.iterationMs() > 0)
                || spec.commandLine().getParseResult().hasMatchedOption("--max-runs")) {
            return looks;
        }
        double ratio = (p.runMs() + iterations * p.iterationMs()) / (p.runMs() + pilots.count * p.iterationMs());
        int most = (int) Math.min(2L * looks.maxRuns(), Math.round(looks.maxRuns() * ratio));
        if (most <= looks.maxRuns()) {
            return looks;
        }
        Sequential more = Sequential.upTo(most, alpha);
        addRounds(plan, dir, files, looks.maxRuns(), most);
        err.println(String.format(java.util.Locale.ROOT, "perfstat compare: a run of %d iterations takes about %.2f of one of"
                + " %d, so up to %d runs a side fit the time of %d: %s", pilots.count, 1 / ratio, iterations, most,
                looks.maxRuns(), more.plan()));
        return more;
    }

    /** Moves a pilot's recordings (and each run's output) to DIR/pilot-N, as its own comparison; where they went. */
    private Path setAside(Plan plan, Path dir, List<List<Path>> files, int count) throws IOException {
        Path aside = dir.resolve("pilot-" + count);
        movePilot(plan, dir, files, aside, true);
        return aside;
    }

    /** The table of the look a comparison stops at: the look's note, and the pilots' where they chose the iterations. */
    private Table lastLook(Table table, Pilots pilots, Sequential looks, int n, double alpha, List<Sequential.LookRow> open,
                           List<Sequential.LookRow> wide, boolean outOfTime, Comparison.Options options, PrintWriter err) {
        List<Note> notes = new ArrayList<>(table.notes());
        if (!pilots.steps.isEmpty()) {
            notes.add(new Note.IterationCounts(pilots.steps, pilots.count));
        }
        if (!looks.fixed()) {
            notes.add(new Note.Look(n, 1 - Families.PRIMARY_SHARE * alpha, 1 - alpha));
            String why = !open.isEmpty() ? (outOfTime ? "stopped by --max-time, undecided" : "stopped at --max-runs, undecided")
                    : "decided";
            err.println("perfstat compare: " + why + " at " + n + " runs a side" + (open.isEmpty()
                    ? decidedBy(table, options.minEffect()) : "") + (open.isEmpty() && !wide.isEmpty() ? "; the interval is"
                    + " wider than --precision " + precision + ", and " + (outOfTime ? "--max-time" : "--max-runs")
                    + " ends the looks" : ""));
        }
        return notes.size() == table.notes().size() ? table : table.withNotes(notes);
    }

    /** The iterations a run where the commands say {iterations} (0 where they do not), and each pilot that chose it. */
    private static final class Pilots {
        int count;
        final List<Note.IterationCounts.Step> steps = new ArrayList<>();

        Pilots(int count) {
            this.count = count;
        }
    }

    /**
     * {@code  (not yet on Bench::step, steady (ms): A has fewer than 2 settled runs)}: where a look's answer is on another
     * row than the score's, as the next look's may not be; "" where it is on the score.
     */
    private static String fellBack(Table table) {
        return table.notes().stream().filter(x -> x instanceof Note.ScoreNotJudged).map(x -> (Note.ScoreNotJudged) x)
                .findFirst().map(x -> " (on " + x.fellBackTo() + ", not yet on " + x.row() + ": " + x.lacking() + " has fewer"
                        + " than 2 settled runs)").orElse("");
    }

    /** {@code : loop_ms (ms) in B: changed [-14.7%, -1.2%]}: what decided each primary measure, or "" where none. */
    private static String decidedBy(Table table, double minEffect) {
        List<String> why = Sequential.primaries(table).stream().map(u -> ViolationText.decided(u, minEffect)).toList();
        return why.isEmpty() ? "" : ": " + String.join("; ", why);
    }

    private void checkOptions(Models.Selection sel, List<CommandSides.Side> sides) {
        if (sides != null) {
            if (variants != null) {
                throw UserError.usage("--variants is for a model; commands are named with --name");
            }
            variants = sides.stream().map(CommandSides.Side::name).toList();
        } else if (variants == null) {
            variants = sel.model().variants().stream().limit(2).map(perfstat.models.spi.Model.Variant::name).toList();
        }
        if (variants.size() < (observerCheck ? 1 : 2)) {
            throw UserError.usage("--variants needs at least two variants (or one, with --observer-check)");
        }
        if (runs != null && runs < 1) {
            throw UserError.usage("--runs must be at least 1, not " + runs);
        }
        if (maxRuns < 2) {
            throw UserError.usage("--max-runs must be at least 2, not " + maxRuns);
        }
        if (maxTime != null) {
            try {
                perfstat.cli.user.Durations.parse(maxTime);
            } catch (IllegalArgumentException e) {
                throw UserError.usage("--max-time wants a duration (e.g. 10m, 90s), not '" + maxTime + "'");
            }
        }
        if (warmupRuns < 0) {
            throw UserError.usage("--warmup-runs must be 0 or more");
        }
        if (observerCheck && sides != null && run.probes.probes.isEmpty() && run.probes.probeSets.isEmpty()) {
            throw UserError.usage("--observer-check compares runs with and without probes: name them with --probes"
                    + " (or --probeset)");
        }
        scorePattern = score.pattern();
        if (score.option(scorePattern) != null && sides == null) {
            throw UserError.usage(score.option(scorePattern) + " is for commands: a model's score is its own (perfstat models)");
        }
        checkIterations(sides);
        precisionPoints = points(precision);
        if (runs != null && spec.commandLine().getParseResult().hasMatchedOption("--precision")) {
            throw UserError.usage("--precision is for a comparison run until decided: -r " + runs + " fixes the runs");
        }
    }

    /** {@code {iterations}} in a command: filled from --iterations, then as the looks choose; refused where it cannot be. */
    private void checkIterations(List<CommandSides.Side> sides) {
        boolean wanted = sides != null && CommandSides.takeIterations(sides);
        if (!wanted) {
            if (iterations != null) {
                throw UserError.usage("--iterations N goes where a command says " + CommandSides.ITERATIONS + ", and none"
                        + (sides == null ? " does: a model's runs are as long as --duration" : " of the commands does"));
            }
            return;
        }
        for (CommandSides.Side s : sides) {
            if (s.command().stream().noneMatch(w -> w.contains(CommandSides.ITERATIONS))) {
                throw UserError.usage("command '" + s.name() + "' has no " + CommandSides.ITERATIONS + " where another has:"
                        + " every command takes the count, so that the sides' runs make the same number of iterations");
            }
        }
        if (!score.iterations(scorePattern)) {
            throw UserError.usage(CommandSides.ITERATIONS + " in a command is filled with a count chosen from the runs'"
                    + " iterations: give --iteration METHOD or --iteration-score REGEX (or write the count itself)");
        }
        iterations = iterations == null ? DEFAULT_ITERATIONS : iterations;
        if (iterations < IterationPlan.LEAST || iterations > IterationPlan.MOST) {
            throw UserError.usage(String.format(java.util.Locale.ROOT, "--iterations must be from %d to %,d, not %d",
                    IterationPlan.LEAST, IterationPlan.MOST, iterations));
        }
    }

    /** --precision's points: {@code 4} or {@code 4%}, 0 or more. */
    private static double points(String text) {
        String t = text.strip();
        t = t.endsWith("%") ? t.substring(0, t.length() - 1) : t;
        try {
            double p = Double.parseDouble(t);
            if (p >= 0 && Double.isFinite(p)) {
                return p;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw UserError.usage("--precision wants the interval's width in percentage points, 0 or more (e.g. 4), not '"
                + text + "'");
    }

    /** One slot of a round: what its progress line calls it, where its recordings go, how it runs. */
    private record Slot(String name, String label, String file, Runner runner) {
    }

    /** Runs one slot once, writing its recording to {@code out}; {@code which} names the run in an error. */
    private interface Runner {
        void run(Path out, boolean force, String which, int iterations);
    }

    /**
     * The runs of one round, in order: each variant, and with --observer-check each variant
     * without probes after it.
     */
    private record Plan(List<Slot> slots) {
        List<String> names() {
            return slots.stream().map(Slot::name).toList();
        }
    }

    private Plan plan(Models.Selection sel) {
        List<Slot> slots = new ArrayList<>();
        String w = sel.workload().name();
        for (String v : variants) {
            ModelLauncher.Spec s = withEvents(run.spec(sel, v, Duration.ofSeconds(5)));
            slots.add(new Slot(v, w + " " + v, w + "-" + v, (out, force, which, n) -> ModelLauncher.run(s, out, force)));
            if (observerCheck) {
                ModelLauncher.Spec bare = s.withoutProbes();
                slots.add(new Slot(v + NO_PROBES, w + " " + v + NO_PROBES, w + "-" + v + NO_PROBES,
                        (out, force, which, n) -> ModelLauncher.run(bare, out, force)));
            }
        }
        return new Plan(slots);
    }

    private ModelLauncher.Spec withEvents(ModelLauncher.Spec s) {
        List<String> names = events.stream().filter(e -> !e.isBlank()).toList();
        return names.isEmpty() ? s : new ModelLauncher.Spec(s.workload(), s.args(), withEvents(s.agent().toBuilder()));
    }

    private AgentOptions withEvents(AgentOptions.Builder b) {
        List<String> names = events.stream().filter(e -> !e.isBlank()).toList();
        if (!names.isEmpty()) {
            try {
                b.eventNames(names);
            } catch (AgentOptions.BadOption e) {
                throw UserError.usage(e.getMessage());
            }
        }
        return AgentArgs.check(b);
    }

    /** The agent's options for a command's runs. */
    private AgentOptions commandAgent() {
        // the commands' JVMs do not outlive perfstat, even one killed by SIGKILL
        return withEvents(score.applyTo(run.window.applyTo(run.probes.applyTo(AgentOptions.builder()
                .parentPid(ProcessHandle.current().pid())))));
    }

    /** A command's slots: its recordings go to NAME/NAME.N.jfr, so that {@code diff DIR/A DIR/B} reads them again. */
    private Plan plan(List<CommandSides.Side> sides) {
        AgentOptions agent = commandAgent();
        List<Slot> slots = new ArrayList<>();
        for (CommandSides.Side side : sides) {
            slots.add(commandSlot(side.name(), side.command(), agent));
            if (observerCheck) {
                slots.add(commandSlot(side.name() + NO_PROBES, side.command(), AgentArgs.check(agent.toBuilder().clearProbes())));
            }
        }
        return new Plan(slots);
    }

    /**
     * A command's slot: each run's standard output goes to NAME.N.out beside its recording (the table goes to
     * perfstat's), and with --score the numbers the pattern finds there are appended to the recording.
     */
    private Slot commandSlot(String name, List<String> command, AgentOptions agent) {
        ScorePattern p = scorePattern;
        return new Slot(name, name, name + "/" + name, (out, force, which, n) -> {
            Path output = outputOf(out);
            try (JavaCommandRunner.Outcome o = JavaCommandRunner.run(CommandSides.withIterations(command, n), agent, null,
                    output, false)) {
                if (o.exitStatus() != 0) {
                    throw new RunFailed(o.exitStatus());
                }
                o.keep(out);
            }
            if (p != null) {
                ScoreChunk.append(out, p, p.find(output, name + ", " + which));
            }
        });
    }

    /** Where a command's run's standard output is kept: beside its recording, NAME.N.out for NAME.N.jfr. */
    static Path outputOf(Path recording) {
        String file = recording.getFileName().toString();
        return recording.resolveSibling((file.endsWith(".jfr") ? file.substring(0, file.length() - 4) : file) + ".out");
    }

    /** A command's run that exited with a status other than 0. */
    /**
     * perfstat got SIGINT, SIGTERM or SIGHUP while the runs went on: the run then going was ended, not failed.
     *
     * <p>{@code round} is the round it came in (1-based); the rounds before it are whole.
     */
    private static final class Stopped extends RuntimeException {
        final String signal;
        final int round;

        Stopped(String signal, int round) {
            super(signal, null, false, false);
            this.signal = signal;
            this.round = round;
        }

        /** The status a shell gives a process that signal ended: 128 + its number. */
        int status() {
            return switch (signal) {
                case "SIGINT" -> 130;
                case "SIGHUP" -> 129;
                default -> 143;
            };
        }
    }

    private static final class RunFailed extends RuntimeException {
        final int status;

        RunFailed(int status) {
            super(null, null, false, false);
            this.status = status;
        }
    }

    /**
     * files.get(r).get(v): the recording of run r of slot v, each checked writable before any
     * run; a command's directory that already holds recordings is refused (diff would read them too).
     */
    private List<List<Path>> fileNames(Plan plan, Path dir, int runs) throws IOException {
        List<List<Path>> files = new ArrayList<>();
        for (Slot s : plan.slots()) {
            Path parent = dir.resolve(s.file()).getParent();
            if (!parent.equals(dir) && !run.force && holdsRecordings(parent)) {
                throw UserError.usage(parent + " already holds recordings (use --force to add to them, or another -o)");
            }
        }
        addRounds(plan, dir, files, 0, runs);
        return files;
    }

    /** The recordings of rounds {@code from} to {@code to} (exclusive) added to {@code files}, each checked writable. */
    private void addRounds(Plan plan, Path dir, List<List<Path>> files, int from, int runs) throws IOException {
        for (int r = from; r < runs; r++) {
            List<Path> round = new ArrayList<>();
            for (Slot s : plan.slots()) {
                boolean command = s.file().contains("/");
                Path f = dir.resolve(s.file() + (command ? "." + (r + 1) : runs > 1 || from > 0 ? "-" + (r + 1) : "") + ".jfr");
                Files.createDirectories(f.getParent());
                ModelLauncher.checkWritable(f, run.force);
                if (command) {
                    ModelLauncher.checkWritable(outputOf(f), run.force);
                }
                round.add(f);
            }
            files.add(round);
        }
    }

    private static boolean holdsRecordings(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(f -> f.getFileName().toString().endsWith(".jfr"));
        }
    }

    /**
     * The rounds from {@code from} to {@code to} (exclusive), interleaved, after the warm-up runs where {@code from} is 0;
     * each recording read into its slot's column.
     */
    private void runAll(Plan plan, Path dir, List<List<Path>> files, PrintWriter err, int from, int to, Sequential looks,
                        List<List<RunData>> columns, int count) throws IOException {
        List<Slot> slots = plan.slots();
        // a model's progress only on a terminal (it writes nothing else); a command's always, among its own stderr
        boolean progress = System.console() != null || slots.get(0).file().contains("/");
        int warm = from == 0 && !warmedUp ? warmupRuns : 0;
        warmedUp = true;
        int total = (warm + to - from) * slots.size();
        long started = System.nanoTime();
        int done = 0;
        String of = looks.fixed() ? " of " + looks.maxRuns() : " (of up to " + looks.maxRuns() + ")";
        String kept = outputDir != null ? "; the finished runs' recordings are in " + dir : "";
        for (int r = from - warm; r < to; r++) {
            for (int v = 0; v < slots.size(); v++) {
                if (ModelLauncher.stoppedBy() != null) {
                    throw new Stopped(ModelLauncher.stoppedBy(), r + 1);
                }
                String which = r < from ? "warm-up run " + (r - from + warm + 1) + " of " + warm : "run " + (r + 1) + of;
                if (progress) {
                    String left = done == 0 ? "" : String.format(java.util.Locale.ROOT, ", about %ds left in this look",
                            (System.nanoTime() - started) / done * (total - done) / 1_000_000_000L);
                    err.printf("perfstat compare: %s, %s%s%n", slots.get(v).label(), which, left);
                }
                Path f = r < from ? dir.resolve(".warmup-" + slots.get(v).name() + ".jfr") : files.get(r).get(v);
                long t0 = System.nanoTime();
                try {
                    slots.get(v).runner().run(f, r < from || run.force, which, count);
                } catch (RunFailed | UserError e) {
                    if (ModelLauncher.stoppedBy() != null) { // perfstat was stopped: the run did not fail, it was ended
                        throw new Stopped(ModelLauncher.stoppedBy(), r + 1);
                    }
                    if (e instanceof UserError u) {
                        throw u;
                    }
                    throw UserError.data(slots.get(v).label() + " " + which + " exited with status " + ((RunFailed) e).status
                            + "; comparison stopped" + kept);
                }
                if (ModelLauncher.stoppedBy() != null) { // the run was ended by the signal: its round is partial
                    throw new Stopped(ModelLauncher.stoppedBy(), r + 1);
                }
                if (r < from) {
                    Files.deleteIfExists(f);
                    Files.deleteIfExists(outputOf(f));
                } else {
                    runNs.add(System.nanoTime() - t0);
                    columns.get(v).add(RecordingReader.read(f.toString()));
                    if (r == 0 && v == slots.size() - 1) { // a --per that no first run counts: refused before the rest
                        judge.per.checked(columns.stream().map(c -> c.get(0)).toList());
                    }
                }
                done++;
            }
        }
    }

    /** Removes the temporary directory of a comparison without -o, with everything in it. */
    private static void deleteTree(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static final String NO_PROBES = "-noprobes";

    /**
     * The variants' table (the runs with probes), its summary followed by what the probes did:
     * per variant, the runs with probes against those without, and the variants compared
     * without probes, each judged as any comparison is.
     */
    private Table observed(List<List<RunData>> slotColumns, Comparison.Options options) {
        List<List<RunData>> probed = new ArrayList<>();
        List<List<RunData>> bare = new ArrayList<>();
        for (int i = 0; i < slotColumns.size(); i++) {
            (i % 2 == 0 ? probed : bare).add(slotColumns.get(i));
        }
        if (variants.size() == 1) { // one command or variant: its table is without against with probes
            Table alone = Comparison.ofColumns(List.of(bare.get(0), probed.get(0)),
                    List.of(variants.get(0) + " without probes", variants.get(0) + " with probes"), options);
            List<Note> notes = new ArrayList<>(alone.notes());
            notes.add(new Note.ObserverCheck(true));
            return alone.withNotes(notes);
        }
        Table main = Comparison.ofColumns(probed, variants, options);
        List<Summary> summary = new ArrayList<>(main.summary());
        List<Note> notes = new ArrayList<>(main.notes());
        notes.add(new Note.ObserverCheck(false));
        for (int v = 0; v < variants.size(); v++) {
            String name = variants.get(v);
            Table check = Comparison.ofColumns(List.of(bare.get(v), probed.get(v)),
                    List.of(name + " without probes", name + " with probes"), options);
            summary.addAll(check.summary());
            List<perfstat.cli.stats.Row> rows = check.rows().stream().filter(r -> OBSERVER_ROWS.contains(r.metric().key())).toList();
            if (!rows.isEmpty()) {
                notes.add(new Note.ObserverRows(name, rows));
            }
        }
        Table without = Comparison.ofColumns(bare, variants.stream().map(v -> v + " without probes").toList(), options);
        summary.addAll(without.summary());
        return main.with(summary, notes);
    }

    /** The rows an observer check names for each variant, whether or not they moved: what the probes cost and where. */
    private static final java.util.Set<String> OBSERVER_ROWS =
            java.util.Set.of(RoleRows.key(perfstat.format.ThreadRole.APPLICATION), RoleRows.TRANSFORM);
}
