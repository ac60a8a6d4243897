package perfstat.cli.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import perfstat.cli.UserError;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.cli.stats.Comparison;
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

    @Option(names = "--labels", split = ",", paramLabel = "A,B,...", description = "Column labels (default: each side's variant).")
    List<String> labels;

    @Option(names = "--force", description = "Compare recordings of different models or workloads all the same.")
    boolean force;

    @Mixin
    FormatOption format;

    @Mixin
    JudgeOptions judge;

    @Override
    public Integer call() {
        Comparison.Options options = judge.options();
        List<List<String>> sides = sides();
        List<List<RunData>> columns = new ArrayList<>();
        for (List<String> side : sides) {
            List<RunData> runs = new ArrayList<>();
            for (String name : side) {
                for (Path p : RecordingReader.recordings(name)) {
                    runs.add(RecordingReader.read(p.toString()));
                }
            }
            columns.add(runs);
        }
        checkBelongTogether(columns);
        List<String> names = labels != null ? labels : defaultLabels(columns, sides);
        if (names.size() != columns.size()) {
            throw UserError.usage("--labels names " + names.size() + " columns, but there are " + columns.size());
        }
        Table t = Comparison.ofColumns(columns, names, options);
        if (sameFiles(sides)) {
            List<String> notes = new ArrayList<>(t.notes());
            notes.add("every configuration is the same recording: the deltas are zero by construction");
            t = t.withNotes(notes);
        }
        format.render(t, spec.commandLine().getOut());
        return judge.gate(t, spec.qualifiedName(), spec.commandLine().getErr());
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

    /** Each side's variant; where two sides share one, their file or directory names. */
    private static List<String> defaultLabels(List<List<RunData>> columns, List<List<String>> sides) {
        List<String> byVariant = columns.stream().map(c -> c.get(0).label()).toList();
        if (new LinkedHashSet<>(byVariant).size() == byVariant.size()) {
            return byVariant;
        }
        List<String> out = new ArrayList<>();
        for (List<String> side : sides) {
            Path f = Path.of(side.get(0)).getFileName();
            String n = f == null ? side.get(0) : f.toString();
            out.add((n.endsWith(".jfr") ? n.substring(0, n.length() - 4) : n) + (side.size() > 1 ? "+" + (side.size() - 1) : ""));
        }
        return out;
    }

    /** Refuses recordings of different models or workloads (or thread counts) unless --force. */
    private void checkBelongTogether(List<List<RunData>> columns) {
        Set<String> kinds = new LinkedHashSet<>();
        String first = null;
        for (List<RunData> c : columns) {
            for (RunData r : c) {
                RunData.Workload w = r.workload();
                String kind = w == null ? "a recording of no model" : w.model() + " " + w.workload() + " at " + w.threads()
                        + (w.threads() == 1 ? " thread" : " threads");
                if (kinds.add(kind) && first == null) {
                    first = r.file();
                }
                if (kinds.size() > 1 && !force) {
                    throw UserError.usage("recordings that do not belong together: " + first + " is "
                            + kinds.iterator().next() + ", " + r.file() + " is " + kind + " (use --force to compare them anyway)");
                }
            }
        }
    }
}
