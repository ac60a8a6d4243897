package perfstat.cli.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The events of one pass that a handler could not use, counted by type and cause: the JDK's
 * {@code jfr summary} reads such a recording, so perfstat reads the rest of it and says what it
 * left out. The causes come from what the JDK's accessors throw ({@code RecordedObject}: an
 * unknown field, a field read as another type) and from the collectors' own checks
 * ({@link UnusableEvent}).
 */
final class SkippedEvents {
    /** The field that the JDK's accessors name, in quotes or after "name". */
    private static final Pattern FIELD = Pattern.compile("\"([^\"]+)\"|with name (\\S+)");

    /** Events by type, then by cause and field. */
    private final Map<String, Map<String, long[]>> counts = new TreeMap<>();

    /** Counts event {@code type} as skipped for what {@code failure} says. */
    void add(String type, RuntimeException failure) {
        RunData.Skipped.Cause cause;
        String field = "";
        if (failure instanceof UnusableEvent u) {
            cause = u.reason();
        } else if (failure instanceof IllegalArgumentException && failure.getMessage() != null) {
            String m = failure.getMessage();
            Matcher f = FIELD.matcher(m);
            field = f.find() ? (f.group(1) != null ? f.group(1) : f.group(2)) : "";
            cause = m.contains("conversion") ? RunData.Skipped.Cause.FIELD_OF_ANOTHER_TYPE
                    : m.contains("unknown field") || m.contains("find field") ? RunData.Skipped.Cause.MISSING_FIELD
                    : RunData.Skipped.Cause.OTHER;
            field = cause == RunData.Skipped.Cause.OTHER ? m : field;
        } else if (failure instanceof NullPointerException) {
            cause = RunData.Skipped.Cause.FIELD_WITHOUT_VALUE;
        } else {
            cause = RunData.Skipped.Cause.OTHER;
            field = failure.toString();
        }
        counts.computeIfAbsent(Handlers.countedAs(type), k -> new TreeMap<>())
                .computeIfAbsent(cause.name() + "\n" + field, k -> new long[1])[0]++;
    }

    /** The skipped events, by type (in name order) and cause. */
    List<RunData.Skipped> result() {
        List<RunData.Skipped> out = new ArrayList<>();
        counts.forEach((type, byCause) -> byCause.forEach((key, n) -> {
            String[] causeField = key.split("\n", 2);
            out.add(new RunData.Skipped(type, RunData.Skipped.Cause.valueOf(causeField[0]), causeField[1], n[0]));
        }));
        return out;
    }
}
