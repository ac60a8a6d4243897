package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import perfstat.format.JdkEvent;
import perfstat.cli.read.JdkTotal;
import perfstat.cli.read.RunData;
import perfstat.cli.read.Setup;

/**
 * The comparability check that comes before a table: what each side was ({@link Setup}, the recording's JFR settings),
 * one note per difference between the sides and per difference among one side's recordings, the header's "what
 * differs", and the rows a difference in how an event was recorded leaves unjudged: a row that counts events over a
 * threshold is not comparable where the sides' thresholds differ.
 */
final class Comparability {
    /** The JFR settings compared, in this order. */
    private static final List<String> SETTINGS = List.of("threshold", "period", "throttle");
    /**
     * Settings that change what a row counts (the events over a threshold; at most so many a second): a difference
     * leaves its rows unjudged. jdk.ObjectAllocationSample's throttle too: a sample's weight is what its thread allocated
     * since its previous sample, so what a thread allocates after its last sample is in no weight, and the sum falls
     * short by more the lower the rate (a deterministic program read +27.67% under profile's rate against default's).
     */
    private static final List<String> COUNT_CHANGING = List.of("threshold", "throttle");
    /** "JFR settings", as the header names a difference in them. */
    static final String JFR_SETTINGS = "JFR settings";

    private Comparability() {
    }

    /**
     * What the check found.
     *
     * @param notes     the header's note, then one per difference
     * @param notJudged the rows left unjudged, by their subject (a JDK row's key), to what differs ("jdk.JavaMonitorEnter
     *                  threshold")
     */
    record Result(List<Note> notes, Map<String, String> notJudged) {
    }

    /** Each JDK event perfstat's rows rest on, with the subjects of its rows (none: the event feeds a section or a note). */
    static Map<String, List<String>> rowsOf() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put(JdkEvent.GARBAGE_COLLECTION.type(), List.of("gc-count", "gc-pause"));
        m.put(JdkEvent.JAVA_MONITOR_ENTER.type(), List.of("monitor-blocked", "monitor-blocked-ms"));
        m.put(JdkEvent.THREAD_PARK.type(), List.of("park-blocked", "park-blocked-ms"));
        for (JdkTotal t : JdkTotal.values()) {
            m.merge(t.event(), List.of(t.key()), (a, b) -> java.util.stream.Stream.concat(a.stream(), b.stream()).toList());
        }
        m.put(JdkEvent.CPU_LOAD.type(), List.of("jvm-cpu-load"));
        m.put(JdkEvent.EXECUTION_SAMPLE.type(), List.of());
        m.put(JdkEvent.CPU_TIME_SAMPLE.type(), List.of());
        m.put(JdkEvent.NATIVE_METHOD_SAMPLE.type(), List.of());
        m.put(JdkEvent.COMPILATION.type(), List.of());
        return m;
    }

    static Result of(List<List<RunData>> columns, List<String> labels, List<Row> rows) {
        List<Note> notes = new ArrayList<>();
        List<String> what = new ArrayList<>();
        List<Map<String, String>> setups = new ArrayList<>();
        columns.forEach(c -> setups.add(new LinkedHashMap<>()));
        for (String aspect : Setup.ASPECTS) {
            compare(aspect, aspect, columns, labels, r -> r.jdk().setup().aspects().get(aspect), notes, what, setups);
        }
        for (String flag : flags(columns)) {
            compare("-XX:" + flag, "-XX:" + flag, columns, labels, r -> flagOf(r, flag), notes, what, setups);
        }
        Map<String, String> notJudged = settings(columns, labels, rows, notes, what);
        if (columns.size() > 1 && !what.isEmpty()) {
            notes.add(0, new Note.WhatDiffers(what, labels, setups));
        }
        return new Result(notes, notJudged);
    }

    /**
     * A recording's value of a flag; null where it does not hold it (no flags recorded, or a JVM without that flag: the
     * JDK's own difference, named as such), so not compared.
     */
    private static String flagOf(RunData r, String flag) {
        return r.jdk().setup().flags().get(flag);
    }

    /** The flags compared: set on purpose in any recording, or among those that change performance. */
    private static Set<String> flags(List<List<RunData>> columns) {
        Set<String> out = new TreeSet<>();
        for (List<RunData> c : columns) {
            for (RunData r : c) {
                Setup s = r.jdk().setup();
                s.flags().keySet().stream().filter(f -> Setup.compared(f, s.setFlags().contains(f))).forEach(out::add);
            }
        }
        return out;
    }

    /**
     * One aspect across the columns: a note for a column whose recordings differ, one where the columns differ. An
     * aspect some recording does not say is not compared: unknown is no difference.
     */
    private static void compare(String aspect, String header, List<List<RunData>> columns, List<String> labels,
                                Function<RunData, String> valueOf, List<Note> notes, List<String> what,
                                List<Map<String, String>> setups) {
        List<String> values = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            List<String> runs = columns.get(c).stream().map(valueOf).toList();
            if (runs.stream().anyMatch(Objects::isNull)) {
                return;
            }
            values.add(columnValue(aspect, columns.get(c), labels.get(c), runs, notes));
        }
        for (int c = 0; c < values.size(); c++) {
            setups.get(c).put(aspect, values.get(c));
        }
        if (new LinkedHashSet<>(values).size() > 1) {
            notes.add(new Note.SidesDiffer(aspect, labels, values, List.of()));
            what.add(header);
        }
    }

    /** A column's value: its recordings' one value, or where they differ their values joined, with a note naming them. */
    private static String columnValue(String aspect, List<RunData> column, String label, List<String> runs, List<Note> notes) {
        Set<String> distinct = new LinkedHashSet<>(runs);
        if (distinct.size() > 1) {
            notes.add(new Note.DiffersWithin(label, aspect, column.stream().map(r -> fileName(r.file())).toList(), runs));
        }
        return String.join(" / ", distinct);
    }

    private static String fileName(String file) {
        java.nio.file.Path p = java.nio.file.Path.of(file).getFileName();
        return p == null ? file : p.toString();
    }

    /**
     * The JFR settings of each event the rows rest on, compared as the aspects are; differences between the sides
     * that have the same values are one note. Where the events' count-changing settings differ (on a side or between
     * the sides), their rows are left unjudged.
     */
    private static Map<String, String> settings(List<List<RunData>> columns, List<String> labels, List<Row> rows,
                                                List<Note> notes, List<String> what) {
        Map<String, String> notJudged = new LinkedHashMap<>();
        Map<List<String>, List<String>> byValues = new LinkedHashMap<>(); // the sides' values to the events that have them
        Map<List<String>, List<String>> rowsByValues = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> e : rowsOf().entrySet()) {
            String event = e.getKey();
            List<String> values = new ArrayList<>();
            String countChanged = null;
            for (int c = 0; c < columns.size() && values != null; c++) {
                List<String> runs = new ArrayList<>();
                for (RunData r : columns.get(c)) {
                    String v = described(r.jdk().settings(), event);
                    if (v == null) {
                        values = null;
                        break;
                    }
                    runs.add(v);
                }
                if (values != null) {
                    countChanged = countChanged != null ? countChanged : countChanging(columns.get(c), event);
                    values.add(columnValue(event, columns.get(c), labels.get(c), runs, notes));
                }
            }
            if (values == null) {
                continue;
            }
            countChanged = countChanged != null ? countChanged : countChangingBetween(columns, event);
            List<String> rowLabels = countChanged != null ? labels(rows, e.getValue()) : List.of();
            if (countChanged != null) {
                String why = event + "'s " + countChanged;
                e.getValue().forEach(s -> notJudged.put(s, why));
            }
            if (new LinkedHashSet<>(values).size() > 1) {
                byValues.computeIfAbsent(values, k -> new ArrayList<>()).add(event);
                rowsByValues.computeIfAbsent(values, k -> new ArrayList<>()).addAll(rowLabels);
            }
        }
        byValues.forEach((values, events) -> notes.add(new Note.SidesDiffer(String.join(", ", events), labels, values,
                rowsByValues.get(values))));
        if (!byValues.isEmpty() && columns.size() > 1) {
            what.add(JFR_SETTINGS);
        }
        return notJudged;
    }

    /** The labels of the table's rows of these subjects, in table order. */
    private static List<String> labels(List<Row> rows, List<String> subjects) {
        return rows.stream().filter(r -> r.metric().kind() == MetricId.Kind.JDK && subjects.contains(r.metric().id().subject()))
                .map(r -> r.metric().label().trim()).toList();
    }

    /** The count-changing setting in which a column's recordings that enabled the event differ; null where none. */
    private static String countChanging(List<RunData> column, String event) {
        return countChangingBetween(List.of(column), event);
    }

    /** The setting that changes what its rows count in which these columns' recordings that enabled the event differ; null where none. */
    private static String countChangingBetween(List<List<RunData>> columns, String event) {
        for (String s : COUNT_CHANGING) {
            Set<String> seen = new LinkedHashSet<>();
            for (List<RunData> c : columns) {
                for (RunData r : c) {
                    RunData.Settings set = r.jdk().settings();
                    if (set.enabled(event).orElse(false)) {
                        seen.add(set.value(event, s).map(Comparability::duration).orElse(""));
                    }
                }
            }
            if (seen.size() > 1) {
                return s;
            }
        }
        return null;
    }

    /**
     * An event's settings in words ({@code threshold 20 ms, period 1 s}; {@code off}); null where the recording does not
     * say what it enabled.
     */
    static String described(RunData.Settings settings, String event) {
        if (!settings.recorded()) {
            return null;
        }
        if (!settings.enabled(event).orElse(false)) {
            return "off";
        }
        List<String> parts = new ArrayList<>();
        for (String s : SETTINGS) {
            settings.value(event, s).map(Comparability::duration).filter(v -> !v.isEmpty()).ifPresent(v -> parts.add(s + " " + v));
        }
        return parts.isEmpty() ? "on" : String.join(", ", parts);
    }

    /** A setting's duration in its largest whole unit ({@code 20000000 ns} and {@code 20 ms} both {@code 20 ms}); other text as it is. */
    static String duration(String setting) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,15}) *(ns|us|ms|s|m|h|d)").matcher(setting.trim());
        if (!m.matches()) {
            return setting.trim();
        }
        long n = Long.parseLong(m.group(1));
        long ns = switch (m.group(2)) {
            case "ns" -> n;
            case "us" -> n * 1_000L;
            case "ms" -> n * 1_000_000L;
            case "s" -> n * 1_000_000_000L;
            case "m" -> n * 60_000_000_000L;
            case "h" -> n * 3_600_000_000_000L;
            default -> n * 86_400_000_000_000L;
        };
        if (ns == 0) {
            return "0";
        }
        return ns % 1_000_000_000 == 0 ? ns / 1_000_000_000 + " s" : ns % 1_000_000 == 0 ? ns / 1_000_000 + " ms"
                : ns % 1000 == 0 ? ns / 1000 + " us" : ns + " ns";
    }

    /** The rows with their unjudged columns' tests set to "not comparable" and no delta: never a silent verdict. */
    static List<Row> withoutVerdicts(List<Row> rows, Map<String, String> notJudged) {
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            String why = r.metric().kind() == MetricId.Kind.JDK ? notJudged.get(r.metric().id().subject()) : null;
            if (why == null) {
                out.add(r);
                continue;
            }
            List<Double> deltas = new ArrayList<>(r.deltas());
            List<Significance> tests = new ArrayList<>(r.tests());
            for (int c = 1; c < deltas.size(); c++) {
                deltas.set(c, Double.NaN);
                Significance t = tests.get(c);
                tests.set(c, t == null ? null : t.undecided(new Significance.Reason.NotComparable(why)));
            }
            out.add(new Row(r.metric(), r.values(), deltas, r.comments(), r.spreads(), tests, r.qValues(), r.timedCalls()));
        }
        return out;
    }
}
