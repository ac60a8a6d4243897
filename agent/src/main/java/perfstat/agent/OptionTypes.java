package perfstat.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import perfstat.agent.AgentOptions.BadOption;
import perfstat.format.Timing;
import perfstat.agent.counters.EventSpec;
import perfstat.agent.probe.ProbeFilter;

/**
 * The agent options' value types. Each message names its option ({@code option 'KEY' ...}) in
 * one line. The samples that {@link OptionType#arbitrary} picks from are the awkward ones:
 * paths with spaces and {@code =}, patterns of every kind, perf's names with modifiers.
 */
final class OptionTypes {
    private static final List<String> SAMPLE_PATHS = List.of("x.jfr", "/tmp/a b/run.jfr", "rel/dir/f=g.jfr");
    private static final List<String> SAMPLE_PATTERNS = List.of("a.B", "a.B::c", "::run", "java.util.HashMap::get",
            "com.example.Outer$Inner::init", "x.y.Z::_m1",
            "a.B::read(String,com.x.TypeRef)", "a.B::c()", "a.B::<init>(int[],a.B$C)");
    private static final List<String> SAMPLE_METHODS = List.of("a.B::c", "com.example.Work::run", "x.y.Z::_m1",
            "a.B::read(String,com.x.TypeRef)", "a.B::<init>(int[],a.B$C)");
    private static final List<String> SAMPLE_PROBE_SETS = List.of("writepath", "rwsem", "block");
    private static final List<String> SAMPLE_EVENTS = List.of("task-clock", "cycles:u", "r01c2", "page-faults:k", "cs");
    private static final Pattern DURATION = Pattern.compile("([0-9]{1,12})(ns|us|ms|s)");
    /** The most a duration's text carries: twelve digits. */
    private static final long MAX_DURATION_DIGITS = 999_999_999_999L;

    private OptionTypes() {
    }

    /** A text option whose value is its text as written; its subclass says what text is right. */
    private abstract static class TextType implements OptionType<String> {
        @Override
        public String parse(String key, String text) {
            return text;
        }

        @Override
        public List<String> format(String value) {
            return List.of(value);
        }
    }

    /** A file name (FILE, FIFO): not empty, no comma (the options' separator). */
    static OptionType<String> path() {
        return new TextType() {
            @Override
            public void check(String key, String value) throws BadOption {
                if (value == null || value.isEmpty()) {
                    throw new BadOption("option '" + key + "' needs a file name");
                }
                if (value.contains(",")) {
                    throw new BadOption("option '" + key + "' cannot carry a comma: " + value);
                }
            }

            @Override
            public String arbitrary(Choices choices) {
                return choices.pick(SAMPLE_PATHS);
            }
        };
    }

    /** {@code type}, or null for none (an option without a default, left out). */
    static <T> OptionType<T> nullable(OptionType<T> type) {
        return new OptionType<>() {
            @Override
            public T parse(String key, String text) throws BadOption {
                return type.parse(key, text);
            }

            @Override
            public List<String> format(T value) {
                return value == null ? List.of() : type.format(value);
            }

            @Override
            public void check(String key, T value) throws BadOption {
                if (value != null) {
                    type.check(key, value);
                }
            }

            @Override
            public T arbitrary(Choices choices) {
                return choices.bool() ? type.arbitrary(choices) : null;
            }
        };
    }

    /** Probe patterns in JEP 520's syntax, {@code ;} between several; each occurrence adds its patterns. */
    static OptionType<List<String>> probePatterns() {
        return new ListType() {
            @Override
            public List<String> parse(String key, String text) {
                List<String> patterns = new ArrayList<>();
                for (String p : text.split(";")) {
                    if (!p.isBlank()) {
                        patterns.add(p.trim());
                    }
                }
                return patterns;
            }

            @Override
            public List<String> format(List<String> value) {
                return value.isEmpty() ? List.of() : List.of(String.join(";", value));
            }

            @Override
            public void check(String key, List<String> value) throws BadOption {
                for (String p : value) {
                    // a comma only inside a signature's parentheses: the agent's options split on the others
                    if (p.isEmpty() || p.contains(";") || (p.contains(",") && p.indexOf('(') < 0)) {
                        throw new BadOption("option '" + key + "': bad pattern '" + p + "'");
                    }
                    try {
                        ProbeFilter.parse(p);
                    } catch (IllegalArgumentException e) {
                        throw new BadOption("option '" + key + "': " + e.getMessage());
                    }
                }
            }

            @Override
            public List<String> arbitrary(Choices choices) {
                return ListType.some(choices, 3, SAMPLE_PATTERNS);
            }
        };
    }

    /**
     * One method of one class, in the probes' syntax ({@code pkg.Class::method}, an overload's parameter types allowed):
     * where the counters' window opens ({@code from}). Not a class, {@code ::method} or {@code @Annotation}: the window
     * opens at the first call of one named method.
     */
    static OptionType<String> method() {
        return new TextType() {
            @Override
            public void check(String key, String value) throws BadOption {
                String bad = "option '" + key + "' must name one method as pkg.Class::method";
                if (value == null || value.isEmpty() || value.contains(";") || (value.contains(",") && value.indexOf('(') < 0)) {
                    throw new BadOption(bad + ", not '" + value + "'");
                }
                ProbeFilter f;
                try {
                    f = ProbeFilter.parse(value);
                } catch (IllegalArgumentException e) {
                    throw new BadOption("option '" + key + "': " + e.getMessage());
                }
                if (f.className() == null || f.methodName() == null || f.annotation() != null
                        || ProbeFilter.STATIC_INITIALIZER.equals(f.methodName())) {
                    throw new BadOption(bad + " (a class, ::method, @Annotation or <clinit> is not one), not '" + value + "'");
                }
            }

            @Override
            public String arbitrary(Choices choices) {
                return choices.pick(SAMPLE_METHODS);
            }
        };
    }

    /** Names of built-in probe sets, one per occurrence ({@code probeset=A,probeset=B}). */
    static OptionType<List<String>> probeSetNames() {
        return new ListType() {
            @Override
            public List<String> parse(String key, String text) {
                return List.of(text);
            }

            @Override
            public List<String> format(List<String> value) {
                return value;
            }

            @Override
            public void check(String key, List<String> value) throws BadOption {
                for (String s : value) {
                    if (s.isEmpty() || s.contains(",")) {
                        throw new BadOption("option '" + key + "' needs a probe set's name");
                    }
                }
            }

            @Override
            public List<String> arbitrary(Choices choices) {
                return ListType.some(choices, 2, SAMPLE_PROBE_SETS);
            }
        };
    }

    /** {@code sampled}, {@code exact} or {@code off}. */
    static OptionType<Timing> timing() {
        return new OptionType<>() {
            @Override
            public Timing parse(String key, String text) throws BadOption {
                return AgentOptions.timing(text);
            }

            @Override
            public List<String> format(Timing value) {
                return List.of(value.text());
            }

            @Override
            public void check(String key, Timing value) throws BadOption {
                if (value == null) {
                    throw new BadOption("option '" + key + "' must be sampled, exact or off");
                }
            }

            @Override
            public Timing arbitrary(Choices choices) {
                return choices.pick(List.of(Timing.values()));
            }
        };
    }

    /** An integer of at least {@code min}; {@code what} says so in the error ({@code a positive integer}). */
    static OptionType<Integer> integer(int min, String what) {
        return new OptionType<>() {
            @Override
            public Integer parse(String key, String text) throws BadOption {
                try {
                    return Integer.parseInt(text);
                } catch (NumberFormatException e) {
                    throw new BadOption("option '" + key + "' must be " + what + ", not '" + text + "'");
                }
            }

            @Override
            public List<String> format(Integer value) {
                return List.of(value.toString());
            }

            @Override
            public void check(String key, Integer value) throws BadOption {
                if (value == null || value < min) {
                    throw new BadOption("option '" + key + "' must be " + what + ", not '" + value + "'");
                }
            }

            @Override
            public Integer arbitrary(Choices choices) {
                return (int) choices.between(min, Integer.MAX_VALUE);
            }
        };
    }

    /** Counters by perf's names, {@code ;} between several, {@code none} for none; a later occurrence replaces. */
    static OptionType<List<EventSpec>> events() {
        return new OptionType<>() {
            @Override
            public List<EventSpec> parse(String key, String text) throws BadOption {
                if (text.equals("none")) {
                    return List.of();
                }
                try {
                    return EventSpec.parseList(text);
                } catch (IllegalArgumentException e) {
                    throw new BadOption("option '" + key + "': " + e.getMessage());
                }
            }

            @Override
            public List<String> format(List<EventSpec> value) {
                List<String> names = new ArrayList<>();
                for (EventSpec e : value) {
                    names.add(e.name());
                }
                return List.of(value.isEmpty() ? "none" : String.join(";", names));
            }

            @Override
            public void check(String key, List<EventSpec> value) throws BadOption {
                if (value == null) {
                    throw new BadOption("option '" + key + "' needs a list of events (none for none)");
                }
            }

            @Override
            public List<EventSpec> immutable(List<EventSpec> value) {
                return value == null ? null : List.copyOf(value);
            }

            @Override
            public List<EventSpec> arbitrary(Choices choices) {
                List<EventSpec> specs = new ArrayList<>();
                ListType.some(choices, 3, SAMPLE_EVENTS).forEach(n -> specs.add(EventSpec.parse(n)));
                return specs;
            }
        };
    }

    /**
     * A duration held as a count of {@code nanosPerUnit} and written with {@code suffix}; read
     * from {@code 10us}, {@code 2ms}, {@code 500ns} or {@code 1s}, rounded down, and at least
     * {@code least}.
     */
    static OptionType<Long> duration(long nanosPerUnit, String suffix, long least) {
        return new OptionType<>() {
            @Override
            public Long parse(String key, String text) throws BadOption {
                return Math.max(least, durationNs(key, text) / nanosPerUnit);
            }

            @Override
            public List<String> format(Long value) {
                return List.of(value + suffix);
            }

            @Override
            public void check(String key, Long value) throws BadOption {
                if (value == null || value < 0) {
                    throw new BadOption("option '" + key + "' cannot be negative");
                }
                if (value > MAX_DURATION_DIGITS) {
                    throw new BadOption("option '" + key + "' must be at most " + MAX_DURATION_DIGITS + suffix);
                }
            }

            @Override
            public Long arbitrary(Choices choices) {
                return choices.between(0, MAX_DURATION_DIGITS);
            }
        };
    }

    /** {@code 10us}, {@code 2ms}, {@code 500ns}, {@code 1s} in nanoseconds. */
    private static long durationNs(String key, String value) throws BadOption {
        Matcher m = DURATION.matcher(value);
        if (!m.matches()) {
            throw new BadOption("option '" + key + "' must be a duration like 10us or 2ms, not '" + value + "'");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ns" -> n;
            case "us" -> n * 1_000L;
            case "ms" -> n * 1_000_000L;
            default -> n * 1_000_000_000L;
        };
    }

    /** {@code true}, or anything else for false. */
    static OptionType<Boolean> bool() {
        return new OptionType<>() {
            @Override
            public Boolean parse(String key, String text) {
                return Boolean.parseBoolean(text);
            }

            @Override
            public List<String> format(Boolean value) {
                return List.of(value.toString());
            }

            @Override
            public void check(String key, Boolean value) throws BadOption {
                if (value == null) {
                    throw new BadOption("option '" + key + "' must be true or false");
                }
            }

            @Override
            public Boolean arbitrary(Choices choices) {
                return choices.bool();
            }
        };
    }

    /** A process id; 0 for none. */
    static OptionType<Long> processId() {
        return new OptionType<>() {
            @Override
            public Long parse(String key, String text) throws BadOption {
                try {
                    return Long.parseLong(text);
                } catch (NumberFormatException e) {
                    throw new BadOption("option '" + key + "' must be a process id, not '" + text + "'");
                }
            }

            @Override
            public List<String> format(Long value) {
                return List.of(value.toString());
            }

            @Override
            public void check(String key, Long value) throws BadOption {
                if (value == null || value < 0) {
                    throw new BadOption("option '" + key + "' cannot be negative");
                }
            }

            @Override
            public Long arbitrary(Choices choices) {
                return choices.between(0, Long.MAX_VALUE);
            }
        };
    }

    /** A list of strings that each occurrence adds to. */
    private abstract static class ListType implements OptionType<List<String>> {
        @Override
        public List<String> merge(List<String> earlier, List<String> later) {
            List<String> both = new ArrayList<>(earlier);
            both.addAll(later);
            return both;
        }

        @Override
        public List<String> immutable(List<String> value) {
            return value == null ? null : List.copyOf(value);
        }

        /** Up to {@code most} of {@code samples}, repeats allowed. */
        static List<String> some(Choices choices, int most, List<String> samples) {
            List<String> picked = new ArrayList<>();
            for (long n = choices.between(0, most); n > 0; n--) {
                picked.add(choices.pick(samples));
            }
            return picked;
        }
    }
}
