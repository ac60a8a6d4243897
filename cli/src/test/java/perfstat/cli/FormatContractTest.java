package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import jdk.jfr.EventType;
import jdk.jfr.ValueDescriptor;
import org.junit.jupiter.api.Test;
import perfstat.format.CounterStatus;
import perfstat.format.Events;
import perfstat.format.Phase;

/**
 * The format module is the contract between the writers (agent, models, JMH profiler) and the
 * reader: every perfstat event and field name is a constant of {@link Events}, each writer's
 * event class has exactly the contract's fields, and no main source outside format/ spells an
 * event or field name, a window's phase or a counter's status as a string literal.
 */
class FormatContractTest {
    private static final Path ROOT = Path.of("..");
    private static final List<String> MAIN_SOURCES = List.of("agent/src/main/java", "agent/src/main/java22",
            "models/src/main/java", "cli/src/main/java", "jmh/src/main/java");
    /** Packages that read or write perfstat's events: no literal there may equal a field name at all. */
    private static final List<String> CONTRACT_USERS = List.of("agent/src/main/java/perfstat/agent/events",
            "models/src/main/java/perfstat/models/events", "cli/src/main/java/perfstat/cli/read",
            "jmh/src/main/java/perfstat/cli/jmh/JmhIterationEvent.java", "cli/src/main/java/perfstat/cli/score/ProgramScoreEvent.java");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
    /** A JFR accessor's field argument: e.getLong("calls"), e.hasField("phase"), ... */
    private static final Pattern ACCESSOR = Pattern.compile("\\.(?:get\\w*|hasField)\\(\\s*\"(\\w+)\"");
    /** What an event name looks like: perfstat.Probe, perfstat.JmhIteration. */
    private static final Pattern EVENT_NAME = Pattern.compile("perfstat\\.[A-Z]\\w*");

    /** Values of the contract that no other text would spell alike: a window's phases, a counter's statuses. */
    static Set<String> distinctValues() {
        Set<String> values = new TreeSet<>(Set.of(Phase.WINDOW_START, Phase.WINDOW_END));
        for (CounterStatus s : CounterStatus.values()) {
            if (s != CounterStatus.COUNTED) { // "counted" is also a word of sentences
                values.add(s.text());
                values.add(s.token());
            }
        }
        return values;
    }

    /** Each event's name and its field names, from the contract. */
    static Map<String, Set<String>> contract() throws IllegalAccessException {
        Map<String, Set<String>> events = new LinkedHashMap<>();
        for (Class<?> c : Events.class.getDeclaredClasses()) {
            String name = null;
            Set<String> fields = new TreeSet<>();
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                    if (f.getName().equals("NAME")) {
                        name = (String) f.get(null);
                    } else {
                        fields.add((String) f.get(null));
                    }
                }
            }
            assertThat(name).as(c.getSimpleName() + " names its event").isNotNull();
            events.put(name, fields);
        }
        return events;
    }

    @Test
    void everyWritersEventHasTheContractsNameAndFields() throws Exception {
        List<Class<? extends jdk.jfr.Event>> writers = List.of(perfstat.agent.events.AgentEvent.class,
                perfstat.agent.events.CountersEvent.class, perfstat.agent.events.PerfCounterEvent.class,
                perfstat.agent.events.CounterReaderEvent.class, perfstat.agent.events.ProbeEvent.class,
                perfstat.agent.events.ProbePatternEvent.class, perfstat.agent.events.ThreadRoleEvent.class,
                perfstat.agent.events.ThreadRoleCounterEvent.class, perfstat.agent.events.MachineEvent.class,
                perfstat.agent.events.LateWindowEvent.class, perfstat.models.events.WorkloadEvent.class,
                perfstat.models.events.ScoreEvent.class, perfstat.models.events.ResultEvent.class,
                perfstat.models.events.ModelCounterEvent.class, perfstat.cli.jmh.JmhIterationEvent.class,
                perfstat.cli.score.ProgramScoreEvent.class, perfstat.agent.events.SetupEvent.class,
                perfstat.agent.events.NotProbedEvent.class, perfstat.agent.events.IterationsEvent.class);
        Map<String, Set<String>> contract = contract();
        Map<String, Set<String>> written = new LinkedHashMap<>();
        for (Class<? extends jdk.jfr.Event> w : writers) {
            EventType t = EventType.getEventType(w);
            Set<String> fields = t.getFields().stream().map(ValueDescriptor::getName)
                    .filter(n -> !Set.of("startTime", "duration", "eventThread", "stackTrace").contains(n))
                    .collect(Collectors.toCollection(TreeSet::new));
            written.put(t.getName(), fields);
        }
        assertThat(written).isEqualTo(contract);
    }

    @Test
    void noEventOrFieldNameIsALiteralOutsideTheFormatModule() throws Exception {
        Set<String> eventNames = contract().keySet();
        Set<String> fieldNames = contract().values().stream().flatMap(Set::stream).collect(Collectors.toSet());
        List<String> violations = new ArrayList<>();
        for (String dir : MAIN_SOURCES) {
            for (Path f : javaFiles(ROOT.resolve(dir))) {
                String code = code(f);
                String where = ROOT.relativize(f).toString();
                boolean user = CONTRACT_USERS.stream().anyMatch(u -> where.startsWith(u));
                Matcher m = LITERAL.matcher(code);
                while (m.find()) {
                    String s = m.group(1);
                    if (eventNames.contains(s) || EVENT_NAME.matcher(s).matches()) {
                        violations.add(where + ": event name \"" + s + "\"");
                    } else if (distinctValues().contains(s)) {
                        violations.add(where + ": phase or status \"" + s + "\"");
                    } else if (user && fieldNames.contains(s)) {
                        violations.add(where + ": field name \"" + s + "\"");
                    }
                }
                Matcher a = ACCESSOR.matcher(code);
                while (a.find()) {
                    if (!user && fieldNames.contains(a.group(1))) {
                        violations.add(where + ": field name \"" + a.group(1) + "\" read by name");
                    }
                }
            }
        }
        assertThat(violations).as("use the constants of perfstat.format.Events").isEmpty();
    }

    private static List<Path> javaFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    /** The source without its comments (a comment may name an event). */
    private static String code(Path f) throws IOException {
        return Files.readString(f).replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("(?m)//[^\"\n]*$", "");
    }
}
