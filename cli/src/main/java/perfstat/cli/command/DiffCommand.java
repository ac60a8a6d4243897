package perfstat.cli.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import perfstat.cli.user.UserError;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.cli.stats.Comparison;
import perfstat.cli.stats.Note;
import perfstat.cli.stats.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code perfstat diff}: configurations side by side with the change of each from the first,
 * judged for significance. A configuration is one recording, a directory of recordings, or
 * the recordings on one side of {@code --}.
 */
@Command(name = "diff", mixinStandardHelpOptions = true, description = {
        "Compare recordings side by side, with percent deltas judged for significance.",
        "  diff A B                      one recording (or directory of recordings) a side",
        "  diff A1 A2 ... -- B1 B2 ...   several recordings a side",
        "  diff --baseline BASE X Y ...  more configurations, each against BASE"})
public final class DiffCommand implements Callable<Integer> {
    /** The word that separates the sides; see Main, which lets it through to the parameters. */
    public static final String SIDES = "--";

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RECORDING", description = "Recordings or directories of recordings.")
    List<String> args = new ArrayList<>();

    @Option(names = "--baseline", paramLabel = "BASE", description = "The configuration the others are compared with.")
    String baseline;

    @Option(names = "--labels", split = ",", paramLabel = "A,B,...", description = "Column labels, all different (default: each side's variant; else its directory, or the common part of"
                    + " its files' names).")
    List<String> labels;

    @Option(names = "--force", description = "Compare recordings of different models or workloads all the same.")
    boolean force;

    @Option(names = "--rounds", description = "The sides' recordings ran in rounds, the i-th of each side in round i (as"
            + " compare writes them, A/A.N.jfr beside B/B.N.jfr): rows whose rounds drift together are judged by each round's"
            + " ratio, as compare judges them.")
    boolean rounds;

    @Mixin
    FormatOption format;

    @Mixin
    JudgeOptions judge;

    @Override
    public Integer call() {
        Comparison.Options options = rounds ? judge.options().inRounds() : judge.options();
        List<List<String>> sides = sides();
        List<Note> notes = new ArrayList<>();
        List<List<RunData>> columns = read(sides, notes);
        if (!rounds && looksLikeRounds(columns)) {
            notes.add(new Note.LooksLikeRounds(columns.get(0).size()));
        }
        options = options.withPer(judge.per.checked(columns.stream().flatMap(List::stream).toList()));
        // one table per workload (a JMH benchmark with its parameters, a model's workload) that every side has
        Map<String, List<List<RunData>>> groups = force ? Map.of("", columns) : byWorkload(columns, sides, notes);
        boolean same = sameFiles(sides);
        List<Table> tables = new ArrayList<>();
        for (List<List<RunData>> group : groups.values()) {
            List<String> names = labels != null ? labels : defaultLabels(group, sides);
            if (names.size() != group.size()) {
                throw UserError.usage("--labels names " + names.size() + " columns, but there are " + group.size());
            }
            if (!distinct(names)) {
                throw UserError.usage("--labels must name each column differently, not " + String.join(",", names));
            }
            Table t = Comparison.ofColumns(group, names, options);
            List<Note> tableNotes = new ArrayList<>(t.notes());
            tableNotes.addAll(notes);
            if (same) {
                tableNotes.add(new Note.SameRecording());
            }
            tables.add(t.withNotes(tableNotes));
        }
        tables.forEach(judge::refuse); // a gate that cannot judge is a usage error, before any output
        format.render(tables, spec.commandLine().getOut());
        int code = 0;
        for (Table t : tables) {
            String who = tables.size() > 1 ? spec.qualifiedName() + " [" + t.subject() + "]" : spec.qualifiedName();
            int status = judge.gate(t, who, spec.commandLine().getErr());
            code = code == 1 || status == 1 ? 1 : Math.max(code, status);
        }
        return code;
    }

    /** What one name on a side gives: its recordings to read, and whether it is a directory (whose unreadable files are left out). */
    private record Named(String name, boolean directory, List<String> files) {
    }

    /**
     * Each side's recordings, read several at once ({@link RecordingReader#readAll}: each into its summary, the
     * recording let go), with the progress on stderr when the read takes more than a moment. A name is a file, or a
     * directory's recordings but those of forks that died; a file of a directory that perfstat cannot read is named in
     * a note and left out (a file named on its own is an error).
     */
    private List<List<RunData>> read(List<List<String>> sides, List<Note> notes) {
        List<List<Named>> named = new ArrayList<>();
        java.util.LinkedHashSet<String> files = new java.util.LinkedHashSet<>();
        List<Integer> perSide = new ArrayList<>();
        for (List<String> side : sides) {
            List<Named> these = new ArrayList<>();
            int n = 0;
            for (String name : side) {
                Set<Path> dead = deadForks(name, notes);
                List<String> read = RecordingReader.recordings(name).stream().filter(p -> !dead.contains(p.getFileName()))
                        .map(Path::toString).toList();
                these.add(new Named(name, Files.isDirectory(Path.of(name)), read));
                files.addAll(read);
                n += read.size();
            }
            named.add(these);
            perSide.add(n);
        }
        boolean even = perSide.stream().distinct().count() == 1;
        String suffix = "recordings (" + (even ? perSide.get(0) + (sides.size() == 2 ? " a side" : " each")
                : perSide.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(" | "))) + ")";
        Progress progress = new Progress(spec.commandLine().getErr(), spec.qualifiedName() + ": read", files.size(), suffix,
                Progress.terminal(), System::nanoTime);
        Map<String, RecordingReader.Read> byName = new java.util.HashMap<>();
        for (RecordingReader.Read r : RecordingReader.readAll(List.copyOf(files), progress)) {
            byName.put(r.name(), r);
        }
        perfstat.cli.user.OutOfMemory.doing("comparing the " + files.size() + " " + suffix + " read");
        List<List<RunData>> columns = new ArrayList<>();
        for (int s = 0; s < sides.size(); s++) {
            List<RunData> runs = new ArrayList<>();
            for (Named n : named.get(s)) {
                List<RunData> these = new ArrayList<>();
                List<String[]> unreadable = new ArrayList<>();
                for (String f : n.files()) {
                    RecordingReader.Read r = byName.get(f);
                    if (r.error() == null) {
                        these.add(r.run());
                    } else if (!n.directory() || r.error().exitCode() != UserError.DATA) {
                        throw r.error();
                    } else {
                        unreadable.add(new String[] {Path.of(f).getFileName().toString(), r.error().getMessage()});
                    }
                }
                for (String[] u : unreadable) {
                    notes.add(new Note.Unreadable(n.name(), u[0], u[1], these.size()));
                }
                runs.addAll(these);
            }
            runs = countCopiesOnce(String.join(" ", sides.get(s)), runs, notes);
            if (runs.isEmpty()) {
                throw UserError.data("no recordings left in " + String.join(" ", sides.get(s))
                        + (notes.stream().anyMatch(x -> x instanceof Note.Unreadable) ? " (none perfstat can read)" : " (every fork there died)"));
            }
            columns.add(runs);
        }
        return columns;
    }

    /**
     * A side's runs with each recording once: a file whose content equals an earlier one's on that side (a copy, or the
     * same name given twice) would count one run as two and narrow every interval; it is left out, and a note says how
     * many were and names one.
     */
    /**
     * Whether two sides of 5 recordings or more are numbered alike as {@code compare} numbers its rounds' ({@code
     * A/A.1.jfr} beside {@code B/B.1.jfr}): then {@code --rounds} may judge them round by round.
     */
    static boolean looksLikeRounds(List<List<RunData>> columns) {
        if (columns.size() != 2 || columns.get(0).size() != columns.get(1).size() || columns.get(0).size() < 5) {
            return false;
        }
        List<String> a = roundNumbers(columns.get(0));
        return a != null && a.equals(roundNumbers(columns.get(1)));
    }

    /** Each recording's round number ({@code NAME.N.jfr}), in order; null where a file is not so named. */
    private static List<String> roundNumbers(List<RunData> runs) {
        List<String> out = new ArrayList<>();
        for (RunData r : runs) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\.(\\d+)\\.jfr(\\.gz)?$").matcher(r.file());
            if (!m.find()) {
                return null;
            }
            out.add(m.group(1));
        }
        return out;
    }

    static List<RunData> countCopiesOnce(String side, List<RunData> runs, List<Note> notes) {
        Map<RunData.Content, RunData> seen = new java.util.HashMap<>();
        List<RunData> kept = new ArrayList<>();
        RunData copy = null;
        RunData original = null;
        int dropped = 0;
        for (RunData r : runs) {
            RunData first = r.content() == null ? null : seen.putIfAbsent(r.content(), r);
            if (first == null) {
                kept.add(r);
            } else {
                dropped++;
                if (copy == null) {
                    copy = r;
                    original = first;
                }
            }
        }
        if (dropped > 0) {
            notes.add(new Note.CopiesDropped(side, dropped, kept.size(), copy.file(), original.file()));
        }
        return kept;
    }

    /**
     * The recordings of forks that died (perfstat's JMH profiler leaves {@code NAME.died} beside
     * where {@code NAME.jfr} would be): each named in a note, and left out.
     */
    private static Set<Path> deadForks(String name, List<Note> notes) {
        Path dir = Path.of(name);
        Set<Path> dead = new java.util.HashSet<>();
        if (!Files.isDirectory(dir)) {
            return dead;
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path marker : s.filter(f -> f.getFileName().toString().endsWith(".died")).sorted().toList()) {
                String file = marker.getFileName().toString();
                dead.add(Path.of(file.substring(0, file.length() - ".died".length()) + ".jfr"));
                String why = Files.readString(marker).strip();
                notes.add(new Note.DeadFork(name, file, why));
            }
        } catch (IOException e) {
            throw UserError.data("cannot list " + name + ": " + e.getMessage());
        }
        return dead;
    }

    /** What a recording measured, for grouping and for refusing a mix: model, workload and threads. */
    private static String kind(RunData r) {
        RunData.Workload w = r.workload();
        return w == null ? "a recording of no model" : w.model() + " " + w.workload() + " at " + w.threads()
                + (w.threads() == 1 ? " thread" : " threads");
    }

    /**
     * The recordings grouped by what they measured, in the first side's order: a group for each
     * kind every side has (a note for those only some sides have). Recordings with nothing in
     * common are refused, as before there were groups (--force compares them anyway).
     */
    private static Map<String, List<List<RunData>>> byWorkload(List<List<RunData>> columns, List<List<String>> sides,
                                                             List<Note> notes) {
        Map<String, List<List<RunData>>> groups = new java.util.LinkedHashMap<>();
        for (int c = 0; c < columns.size(); c++) {
            for (RunData r : columns.get(c)) {
                List<List<RunData>> g = groups.computeIfAbsent(kind(r), k -> {
                    List<List<RunData>> empty = new ArrayList<>();
                    columns.forEach(x -> empty.add(new ArrayList<>()));
                    return empty;
                });
                g.get(c).add(r);
            }
        }
        Map<String, List<List<RunData>>> common = new java.util.LinkedHashMap<>();
        groups.forEach((kind, g) -> {
            if (g.stream().noneMatch(List::isEmpty)) {
                common.put(kind, g);
            } else {
                List<String> on = new ArrayList<>();
                for (int c = 0; c < g.size(); c++) {
                    if (!g.get(c).isEmpty()) {
                        on.add(String.join(" ", sides.get(c)));
                    }
                }
                notes.add(new Note.NotCompared(kind, on));
            }
        });
        if (common.isEmpty()) {
            RunData a = columns.get(0).get(0);
            RunData b = columns.stream().flatMap(List::stream).filter(r -> !kind(r).equals(kind(a))).findFirst().orElse(a);
            throw UserError.usage("recordings that do not belong together: " + a.file() + " is " + kind(a) + ", " + b.file()
                    + " is " + kind(b) + " (use --force to compare them anyway)");
        }
        return common;
    }

    private List<Path> filesOf(List<String> side) {
        List<Path> out = new ArrayList<>();
        for (String name : side) {
            for (Path p : RecordingReader.recordings(name)) {
                out.add(p.toAbsolutePath().normalize());
            }
        }
        return out;
    }

    /** Whether all sides name the same files (diff X X). */
    private boolean sameFiles(List<List<String>> sides) {
        List<Path> first = filesOf(sides.get(0));
        for (List<String> side : sides.subList(1, sides.size())) {
            if (!filesOf(side).equals(first)) {
                return false;
            }
        }
        return true;
    }

    private List<List<String>> sides() {
        for (String a : args) {
            if (a.startsWith("-") && !a.equals(SIDES)) {
                throw UserError.usage("unknown option '" + a + "'");
            }
        }
        int sep = args.indexOf(SIDES);
        List<List<String>> sides = new ArrayList<>();
        if (sep >= 0) {
            if (baseline != null) {
                throw UserError.usage("use either -- between the sides or --baseline, not both");
            }
            List<String> a = args.subList(0, sep);
            List<String> b = args.subList(sep + 1, args.size());
            if (a.isEmpty() || b.isEmpty() || b.contains(SIDES)) {
                throw UserError.usage("diff A... -- B... needs recordings on both sides of one --");
            }
            sides.add(List.copyOf(a));
            sides.add(List.copyOf(b));
            return sides;
        }
        if (baseline != null) {
            sides.add(List.of(baseline));
        }
        for (String a : args) {
            sides.add(List.of(a));
        }
        if (sides.size() < 2) {
            throw UserError.usage("diff needs at least two configurations (see perfstat report for one)");
        }
        return sides;
    }

    /**
     * Each side's variant; where two sides share one, the first of these that tells every side apart: the directory a
     * side names, the common part of its files' names, the directory its files are in; else the side's number.
     */
    private List<String> defaultLabels(List<List<RunData>> columns, List<List<String>> sides) {
        // a variant only where the recordings are of a model (RunData.label() falls back to the first file's name,
        // which labelled a side of r.1, r.3, … as "r.1")
        List<String> byVariant = columns.stream().map(c -> c.get(0).workload() == null ? "" : c.get(0).label()).toList();
        if (distinct(byVariant)) {
            return byVariant;
        }
        List<String> byDirectory = new ArrayList<>();
        List<String> byPrefix = new ArrayList<>();
        List<String> byParent = new ArrayList<>();
        for (List<String> side : sides) {
            boolean dir = side.size() == 1 && Files.isDirectory(Path.of(side.get(0)));
            Path named = Path.of(side.get(0)).toAbsolutePath().normalize().getFileName();
            byDirectory.add(dir && named != null ? named.toString() : "");
            List<Path> files = filesOf(side);
            byPrefix.add(Comparison.commonName(files.stream().map(Path::toString).toList()));
            Set<Path> parents = new LinkedHashSet<>();
            files.forEach(f -> parents.add(f.getParent()));
            Path parent = parents.size() == 1 ? parents.iterator().next() : null;
            byParent.add(parent != null && parent.getFileName() != null ? parent.getFileName().toString() : "");
        }
        for (List<String> candidate : List.of(byDirectory, byPrefix, byParent)) {
            if (distinct(candidate)) {
                return candidate;
            }
        }
        List<String> numbered = new ArrayList<>();
        for (int i = 0; i < sides.size(); i++) {
            String base = byPrefix.get(i).isEmpty() ? "side" : byPrefix.get(i);
            numbered.add(base + "#" + (i + 1));
        }
        return numbered;
    }

    /** Whether labels are all there and all different. */
    static boolean distinct(List<String> labels) {
        return labels.stream().noneMatch(String::isEmpty) && new LinkedHashSet<>(labels).size() == labels.size();
    }
}
