package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import perfstat.cli.read.RunData;

/**
 * Rows per unit of work, as JMH's {@code perfnorm} divides a benchmark's counters by its operations: each counter total of
 * a run divided by that run's count of one unit (a probe's calls, a model counter, a score counted in units), printed
 * beside its total ({@code task-clock per write (ns)}) and judged like any row, its run values being the runs' ratios.
 *
 * <p>The unit is the user's ({@code --per NAME}) or, by default, the model's natural one (fstime: one {@code write()},
 * counted by its {@code write_calls}); {@link #NONE} turns them off. A run that lacks the unit, or counted none of it,
 * gets rows that say {@code <not counted>}.
 *
 * @param name what to divide by, as the user wrote it; "" for the model's natural unit; null for none
 */
public record PerUnit(String name) {
    /** The model's natural unit where its workload declares one (the default). */
    public static final PerUnit MODEL_DEFAULT = new PerUnit("");
    /** No rows per unit ({@code --per none}). */
    public static final PerUnit NONE = new PerUnit(null);

    /** What {@code --per} takes: {@code none}, else the name of a unit. */
    public static PerUnit of(String option) {
        if (option == null) {
            return MODEL_DEFAULT;
        }
        if (option.isBlank()) {
            throw new IllegalArgumentException("--per wants a probed method, a model counter or a counted score, or none");
        }
        return option.equals("none") ? NONE : new PerUnit(option.strip());
    }

    /**
     * What one run's rows are divided by.
     *
     * @param unit  the unit as the rows print it ({@code write}, {@code Vfs::write call})
     * @param key   its short form for row keys ({@code write}, {@code Vfs::write})
     * @param count the run's count of it (NaN where the run lacks it)
     * @param from  what counts it, and over what part of the run
     */
    public record Divisor(String unit, String key, double count, String from) {
    }

    /** A workload's model counter: counted over the whole workload, its warm-up included. */
    private static String modelCounter(String counter) {
        return "the model counter " + counter + ", over the workload's whole run, warm-up included";
    }

    /** A {@code --per} name that no row of the recording counts: the nearest names it has. */
    public static final class UnknownUnit extends IllegalArgumentException {
        private final List<String> nearest;

        UnknownUnit(String message, List<String> nearest) {
            super(message);
            this.nearest = List.copyOf(nearest);
        }

        /** At most three names the recording can divide by, nearest first. */
        public List<String> nearest() {
            return nearest;
        }
    }

    /**
     * What {@code run}'s rows are divided by, or null where there is nothing to divide by (no unit asked for and no
     * natural one).
     *
     * @throws UnknownUnit where the unit asked for is not a count the recording holds
     */
    public Divisor divisor(RunData run) {
        if (name == null) {
            return null;
        }
        if (name.isEmpty()) {
            RunData.Workload w = run.workload();
            if (w == null || w.unitCounter().isEmpty()) {
                return null;
            }
            Long n = run.modelCounters().get(w.unitCounter());
            return new Divisor(w.unitName(), w.unitName(), n == null ? Double.NaN : n, modelCounter(w.unitCounter()));
        }
        Map<String, Divisor> candidates = candidates(run);
        Divisor d = candidates.get(name.toLowerCase(Locale.ROOT));
        if (d == null) {
            throw unknown(candidates);
        }
        return d;
    }

    /** Refuses a name no recording of {@code runs} can divide by (one that some of them lack gets rows not counted there). */
    public void check(List<RunData> runs) {
        UnknownUnit first = null;
        for (RunData r : runs) {
            try {
                divisor(r);
                return;
            } catch (UnknownUnit e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private UnknownUnit unknown(Map<String, Divisor> candidates) {
        String want = name.toLowerCase(Locale.ROOT);
        List<String> names = new ArrayList<>(new java.util.LinkedHashSet<>(candidates.values().stream().map(Divisor::key).toList()));
        names.sort(java.util.Comparator.comparingInt(n -> Gate.editDistance(want, n.toLowerCase(Locale.ROOT))));
        List<String> nearest = names.stream().limit(3).toList();
        String message = "--per " + name + ": no probe, model counter or score of that name counts units"
                + (nearest.isEmpty() ? " (the recording has none to divide by: probe a method, e.g. --probes 'Class::method')"
                : "; nearest: " + String.join(", ", nearest));
        return new UnknownUnit(message, nearest);
    }

    /** Each name the recording can divide by, lower-cased, with its divisor: probes' calls, model counters, a counted score. */
    private static Map<String, Divisor> candidates(RunData run) {
        Map<String, Divisor> out = new LinkedHashMap<>();
        Map<String, String> shortNames = MethodNames.shortNames(run.probes().keySet());
        // a probe by signature may be named without its parameters, as --fail-on and --probes name it: one overload
        // probed, its calls; several, their calls summed, which the footer says (a bare name had been refused)
        Map<String, List<RunData.Probe>> bare = new LinkedHashMap<>();
        for (RunData.Probe p : run.probes().values()) {
            bare.computeIfAbsent(Gate.Rule.withoutParameters(shortNames.getOrDefault(p.name(), p.name())), k -> new ArrayList<>()).add(p);
        }
        for (RunData.Probe p : run.probes().values()) {
            String shortName = shortNames.getOrDefault(p.name(), p.name());
            Divisor d = new Divisor(shortName + " call", shortName, p.calls(), "the probe's calls, over the counters' window");
            for (String n : List.of(shortName, p.name(), "probe:" + shortName + ":calls")) {
                out.putIfAbsent(n.toLowerCase(Locale.ROOT), d);
            }
        }
        bare.forEach((name, overloads) -> {
            Divisor d = overloads.size() == 1 ? out.get(shortNames.getOrDefault(overloads.get(0).name(), overloads.get(0).name())
                    .toLowerCase(Locale.ROOT)) : new Divisor(name + " call", name, overloads.stream().mapToLong(RunData.Probe::calls).sum(),
                    summed(overloads, shortNames));
            out.putIfAbsent(name.toLowerCase(Locale.ROOT), d);
        });
        RunData.Workload w = run.workload();
        run.modelCounters().forEach((counter, value) -> {
            boolean natural = w != null && counter.equals(w.unitCounter()) && !w.unitName().isEmpty();
            Divisor d = new Divisor(natural ? w.unitName() : counter, natural ? w.unitName() : counter, value,
                    modelCounter(counter));
            out.putIfAbsent(counter.toLowerCase(Locale.ROOT), d);
            out.putIfAbsent(("model:" + counter).toLowerCase(Locale.ROOT), d);
            if (natural) {
                out.putIfAbsent(w.unitName().toLowerCase(Locale.ROOT), d);
            }
        });
        score(run, out);
        return out;
    }

    /**
     * What a bare name's divisor counts where several overloads were probed: their calls summed, and where more than one
     * was called, that a call one overload makes to another counts in both (Gson's toJson(Object) calls toJson(Object,
     * Type), and so on down: 4 overloads of 500 calls each, 2,000 for 500 of the program's calls), with the overload to
     * name for each call once.
     */
    private static String summed(List<RunData.Probe> overloads, Map<String, String> shortNames) {
        List<RunData.Probe> called = overloads.stream().filter(p -> p.calls() > 0).toList();
        String text = "the calls of its " + overloads.size() + " overloads probed, summed";
        if (called.size() > 1) {
            RunData.Probe most = called.stream().max(java.util.Comparator.comparingLong(RunData.Probe::calls)).orElseThrow();
            text += " (" + called.size() + " called; where one calls another, a call counts in each: --per "
                    + shortNames.getOrDefault(most.name(), most.name()) + " counts one overload's)";
        }
        return text + ", over the counters' window";
    }

    /**
     * A score in units of work: {@code --score '(\d+) tokens' --score-unit tokens} divides by tokens. Not a rate
     * ({@code KB/s}), a time ({@code ms}: what the work took, not how much was done), a number without a unit, or a score
     * where lower is better (a cost, not work done).
     */
    private static void score(RunData run, Map<String, Divisor> out) {
        String unit;
        double value;
        boolean higherIsBetter;
        if (run.programScore() != null) {
            unit = run.programScore().unit();
            value = run.programScore().score();
            higherIsBetter = run.programScore().higherIsBetter();
        } else if (run.workload() != null && run.result() != null) {
            unit = run.workload().scoreUnit();
            value = run.result().score();
            higherIsBetter = run.workload().higherIsBetter();
        } else {
            return;
        }
        if (unit.contains("/") || unit.isEmpty() || !higherIsBetter || TIME_UNITS.contains(unit.toLowerCase(Locale.ROOT))) {
            return; // no count of work to divide by
        }
        String single = unit.endsWith("s") && unit.length() > 2 ? unit.substring(0, unit.length() - 1) : unit;
        Divisor d = new Divisor(single, single, value, "the score, the " + unit + " the run reported");
        out.putIfAbsent("score", d);
        out.putIfAbsent(unit.toLowerCase(Locale.ROOT), d);
        out.putIfAbsent(single.toLowerCase(Locale.ROOT), d);
    }

    /** Units of time a score may be given in (its unit, lower-cased): such a score says how long, not how much. */
    private static final java.util.Set<String> TIME_UNITS = java.util.Set.of("ns", "nsec", "nsecs", "nanoseconds", "us",
            "\u00b5s", "usec", "usecs", "microseconds", "ms", "msec", "msecs", "millis", "milliseconds", "s", "sec", "secs",
            "second", "seconds", "min", "mins", "minute", "minutes", "h", "hour", "hours");

    /**
     * {@code m}, one run's rows, with a row per unit after each counter's total and the rows indented under it (perf's
     * counters, task-clock the application's where the run splits it by role; none for a counter the machine does not
     * support): its value the total over the run's count of the unit, clocks in ns.
     */
    public Map<MetricId, Measurements.Measured> addTo(Map<MetricId, Measurements.Measured> m, RunData run) {
        Divisor d;
        try {
            d = divisor(run);
        } catch (UnknownUnit e) { // another recording of the table counts it (check): not counted in this one
            d = new Divisor(name, name, Double.NaN, "");
        }
        if (d == null) {
            return m;
        }
        Map<MetricId, Measurements.Measured> out = new LinkedHashMap<>();
        List<Measurements.Measured> pending = new ArrayList<>(); // a total's rows per unit, after the rows under the total
        for (Map.Entry<MetricId, Measurements.Measured> e : m.entrySet()) {
            Metric metric = e.getValue().metric();
            if (!pending.isEmpty() && !metric.label().startsWith(" ")) {
                pending.forEach(x -> out.put(x.metric().id(), x));
                pending.clear();
            }
            out.put(e.getKey(), e.getValue());
            if (divides(metric) && e.getValue().value().status() != Value.Status.NOT_SUPPORTED) {
                pending.add(per(e.getValue(), d));
            } else if (metric.key().equals(APPLICATION) && e.getValue().value().measured()) {
                pending.add(per(e.getValue(), d)); // the application's own share, without the JIT's, the GC's and the JVM's
            }
        }
        pending.forEach(x -> out.put(x.metric().id(), x));
        return out;
    }

    /** The task-clock row of the application's threads ({@link RoleRows}), which gets a row per unit of its own. */
    static final String APPLICATION = RoleRows.key(perfstat.format.ThreadRole.APPLICATION);

    /** The footer's line on what {@code run}'s rows per unit divide by; null where it has none. */
    public Note note(RunData run) {
        Divisor d;
        try {
            d = divisor(run);
        } catch (UnknownUnit e) {
            return null;
        }
        return d == null || d.from().isEmpty() ? null : new Note.PerUnitOf(d.unit(), d.from());
    }

    /**
     * The footer's lines on the rows per unit of a table's columns: what they divide by, and each run whose count of the
     * unit is under a tenth of its column's median (its ratio, of the fixed costs over few units, would sway the column).
     */
    public List<Note> notes(List<List<RunData>> columns, List<String> labels) {
        List<Note> out = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            List<Double> counts = new ArrayList<>();
            for (RunData r : columns.get(c)) {
                Note n = note(r);
                if (n != null && !out.contains(n)) {
                    out.add(n);
                }
                counts.add(count(r));
            }
            double median = counts.stream().filter(x -> x > 0).sorted().skip(counts.size() / 2).findFirst().orElse(Double.NaN);
            for (int i = 0; i < counts.size(); i++) {
                if (counts.size() > 1 && counts.get(i) >= 0 && counts.get(i) < median / 10) {
                    out.add(new Note.FewUnits(labels.get(c), i + 1, (long) (double) counts.get(i), (long) median,
                            unitOf(columns.get(c).get(i))));
                }
            }
        }
        return out;
    }

    /** The run's count of the unit; NaN where it has none. */
    private double count(RunData run) {
        try {
            Divisor d = divisor(run);
            return d == null ? Double.NaN : d.count();
        } catch (UnknownUnit e) {
            return Double.NaN;
        }
    }

    private String unitOf(RunData run) {
        try {
            Divisor d = divisor(run);
            return d == null ? name : d.unit();
        } catch (UnknownUnit e) {
            return name;
        }
    }

    /** Whether a row has a per-unit row: a counter's own total (not a role's share, a sub-row, or the whole process). */
    static boolean divides(Metric total) {
        return total.kind() == MetricId.Kind.COUNTER && total.id().statistic() == MetricId.Statistic.TOTAL
                && !total.label().startsWith(" ") && !total.key().contains(":") && !total.key().equals(StatSummary.PROCESS);
    }

    private static Measurements.Measured per(Measurements.Measured total, Divisor d) {
        Metric t = total.metric();
        boolean clock = t.unit().equals("ms");
        String unit = clock ? "ns" : "count";
        String base = t.label().replaceFirst(" \\([^()]*\\)$", "").stripTrailing();
        Value v = total.value();
        Value value = !v.measured() ? v
                : !(d.count() > 0) ? Value.notCounted()
                : Value.of(v.value() * (clock ? 1e6 : 1) / d.count());
        Metric metric = new Metric(new MetricId(MetricId.Kind.COUNTER, t.id().subject(), MetricId.Statistic.PER_UNIT,
                unit + "/" + d.key()), t.key() + "/" + d.key(), base + " per " + d.unit() + (clock ? " (ns)" : ""),
                decimals(value), t.better());
        return new Measurements.Measured(metric, value, Comment.NONE);
    }

    /** Digits enough for three significant ones: 12.3 ns, 0.00123 context switches a write. */
    static int decimals(Value v) {
        if (!v.measured() || v.value() == 0) {
            return 2;
        }
        double a = Math.abs(v.value());
        return Math.max(1, Math.min(9, 2 - (int) Math.floor(Math.log10(a))));
    }
}
