package perfstat.cli.jmh;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import joptsimple.HelpFormatter;
import joptsimple.OptionDescriptor;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.openjdk.jmh.profile.ProfilerException;
import perfstat.agent.AgentOptions;

/**
 * The options of {@code -prof "perfstat:KEY=VALUE;KEY=VALUE,VALUE"}, declared on a jopt-simple
 * parser and parsed by JMH's own profiler option parsing ({@code ProfilerUtils.parseInitLine}:
 * options separated by {@code ;}, values by {@code ,}, and {@code help}), as JMH's profilers
 * do, with perfstat's help text. The agent's options are checked here, in the host, before any
 * fork starts; every problem is one {@link ProfilerException} line beginning {@code perfstat: },
 * which JMH prints before it stops.
 *
 * @param agent the agent's options for every measurement fork, without its recording's file
 * @param dir   where the measurement forks' recordings go
 */
public record ProfilerOptions(AgentOptions agent, Path dir) {
    static final List<String> DEFAULT_EVENTS = List.of("task-clock", "context-switches", "cpu-migrations", "page-faults");
    static final String DEFAULT_DIR = "perfstat-jmh";
    private static final String HELP = "help";
    private static final String HEADING = "perfstat's JMH profiler: -prof \"perfstat:KEY=VALUE;KEY=VALUE,VALUE\"";

    /** The option declarations, on a fresh parser (jopt-simple parsers are used once). */
    private record Declared(OptionParser parser, OptionSpec<String> events, OptionSpec<String> probes,
                            OptionSpec<String> probeSets, OptionSpec<String> dir) {
        static Declared declare() {
            OptionParser p = new OptionParser(false); // no abbreviations: "probe=" names neither probes nor probeset
            p.formatHelpWith(new Help());
            Declared d = new Declared(p,
                    p.accepts("events", "perf's names, as perfstat stat -e takes them; an event this machine cannot"
                                    + " count is left out, and the fork says why in one line")
                            .withRequiredArg().withValuesSeparatedBy(',').describedAs("EVENT,...")
                            .defaultsTo(DEFAULT_EVENTS.get(0), DEFAULT_EVENTS.subList(1, DEFAULT_EVENTS.size()).toArray(String[]::new)),
                    p.accepts("probes", "methods to count, in JEP 520's syntax: each gives Class::method calls/op, and p50"
                                    + " and p99 in ns of its timed calls, merged over the iterations and forks")
                            .withRequiredArg().withValuesSeparatedBy(',').describedAs("PATTERN,..."),
                    p.accepts("probeset", "perfstat's built-in probe sets (perfstat list shows them)")
                            .withRequiredArg().withValuesSeparatedBy(',').describedAs("NAME,..."),
                    p.accepts("dir", "where each measurement fork's recording goes; a directory that already holds"
                                    + " recordings is refused")
                            .withRequiredArg().describedAs("DIR").defaultsTo(DEFAULT_DIR));
            p.accepts(HELP, "these options"); // JMH's parsing declares it again; declared here for normalized()
            return d;
        }

        /** The options' keys, in the order declared. */
        List<String> keys() {
            return parser.recognizedOptions().entrySet().stream()
                    .filter(e -> !(e.getValue() instanceof OptionDescriptor o && o.representsNonOptions()))
                    .map(Map.Entry::getKey).toList();
        }
    }

    /**
     * The options of an init line ({@code ""} for none), or a {@link ProfilerException}: the
     * options' help for {@code help}, else one line naming what is wrong.
     */
    public static ProfilerOptions parse(String initLine) throws ProfilerException {
        Declared d = Declared.declare();
        String line = normalized(initLine, d.keys());
        OptionSet set = parseInitLine(line, d.parser());
        List<String> dirs = set.valuesOf(d.dir());
        if (set.has(d.dir()) && (dirs.isEmpty() || dirs.get(dirs.size() - 1).isBlank())) {
            throw new ProfilerException("perfstat: option 'dir' needs a directory");
        }
        Path dir;
        try {
            dir = Path.of(dirs.get(dirs.size() - 1).trim()); // given twice, the last one counts
        } catch (InvalidPathException e) {
            throw new ProfilerException("perfstat: option 'dir': " + e.getMessage());
        }
        return new ProfilerOptions(agentOptions(set.valuesOf(d.events()), set.valuesOf(d.probes()), set.valuesOf(d.probeSets())), dir);
    }

    /** The agent's options, checked as the agent would check them, probe patterns and sets included. */
    private static AgentOptions agentOptions(List<String> events, List<String> probes, List<String> probeSets)
            throws ProfilerException {
        try {
            AgentOptions.Builder b = AgentOptions.builder().probes(probes).eventNames(events);
            probeSets.forEach(b::probeSet);
            AgentOptions o = b.build();
            o.filters(); // the probe sets and patterns checked here, before any fork starts
            return o;
        } catch (AgentOptions.BadOption e) {
            throw new ProfilerException("perfstat: " + e.getMessage());
        }
    }

    /**
     * The init line with each part trimmed and empty parts left out, once each part's key is
     * known: jopt-simple would take an unknown {@code foo=1} for the short options {@code -f...},
     * and a known key without {@code =} for one whose value is the next part.
     */
    private static String normalized(String initLine, List<String> known) throws ProfilerException {
        List<String> parts = new ArrayList<>();
        for (String part : initLine == null ? new String[0] : initLine.split(";")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            String key = (eq < 0 ? p : p.substring(0, eq)).trim();
            if (!known.contains(key)) {
                throw new ProfilerException("perfstat: unknown option '" + key + "' (" + String.join(", ", known) + ")");
            }
            if (eq < 0 && !key.equals(HELP)) {
                throw new ProfilerException("perfstat: option '" + key + "' needs a value (" + key + "=...)");
            }
            parts.add(eq < 0 ? key : key + "=" + p.substring(eq + 1).trim());
        }
        return String.join(";", parts);
    }

    /**
     * JMH's {@code ProfilerUtils.parseInitLine}, which JMH keeps package-private: reached by
     * reflection, which works wherever JMH is (class path, or its jar as an automatic module,
     * whose packages are open) and whichever class loader loaded perfstat.jar.
     */
    private static OptionSet parseInitLine(String line, OptionParser parser) throws ProfilerException {
        Method parse;
        try {
            parse = Class.forName("org.openjdk.jmh.profile.ProfilerUtils", true, ProfilerException.class.getClassLoader())
                    .getDeclaredMethod("parseInitLine", String.class, OptionParser.class);
            parse.setAccessible(true);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new ProfilerException("perfstat: this JMH has no profiler option parser (" + e + "); JMH 1.37 has");
        }
        try {
            return (OptionSet) parse.invoke(null, line, parser);
        } catch (InvocationTargetException e) {
            String message = String.valueOf(e.getCause().getMessage());
            // the help as JMH throws it, or a parse error followed by the help
            throw new ProfilerException(message.startsWith(HEADING) ? message : "perfstat: " + message);
        } catch (IllegalAccessException e) {
            throw new ProfilerException("perfstat: cannot use JMH's profiler option parser: " + e.getMessage());
        }
    }

    /** The help as the option table of docs/jmh.md has it: {@code KEY=VALUE} and a line of text. */
    private static final class Help implements HelpFormatter {
        @Override
        public String format(Map<String, ? extends OptionDescriptor> options) {
            StringBuilder b = new StringBuilder(HEADING).append(System.lineSeparator());
            for (OptionDescriptor d : options.values()) {
                if (d.representsNonOptions()) {
                    continue;
                }
                String key = String.join(",", d.options()) + (d.acceptsArguments() ? "=" + d.argumentDescription() : "");
                String text = d.description();
                if (!d.defaultValues().isEmpty()) {
                    text += " (default " + String.join(",", d.defaultValues().stream().map(String::valueOf).toList()) + ")";
                }
                b.append(String.format("  %-20s", key));
                wrap(b, text);
            }
            return b.toString();
        }

        /** The text after the key's column, in lines of at most 100 characters. */
        private static void wrap(StringBuilder b, String text) {
            int column = 22;
            for (String word : text.split(" ")) {
                if (column + 1 + word.length() > 100 && column > 22) {
                    b.append(System.lineSeparator()).append(" ".repeat(22));
                    column = 22;
                }
                b.append(' ').append(word);
                column += 1 + word.length();
            }
            b.append(System.lineSeparator());
        }
    }
}
