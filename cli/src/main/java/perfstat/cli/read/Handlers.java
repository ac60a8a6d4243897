package perfstat.cli.read;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import jdk.jfr.consumer.RecordedEvent;

/**
 * The handlers of one pass, by event type: each collector adds its own. Only these types are
 * parsed; the JDK's parser skips every other. Two handlers of one type both run, in the order
 * they were added.
 */
final class Handlers {
    /** JDK 9 and 10 wrote the JDK's events under this prefix. */
    private static final String OLD_PREFIX = "com.oracle.";

    private final Map<String, Consumer<RecordedEvent>> byType = new LinkedHashMap<>();

    /** Adds what to do with each event of {@code type}. */
    void on(String type, Consumer<RecordedEvent> handler) {
        byType.merge(type, handler, Consumer::andThen);
    }

    /** Every type with its handler; each jdk.* type also under its JDK 9/10 name. */
    Map<String, Consumer<RecordedEvent>> all() {
        Map<String, Consumer<RecordedEvent>> h = new LinkedHashMap<>(byType);
        for (String type : new ArrayList<>(byType.keySet())) {
            if (type.startsWith("jdk.")) {
                h.put(OLD_PREFIX + type, byType.get(type));
            }
        }
        return h;
    }

    /** The name a type's events are counted under: a JDK 9/10 alias under its jdk. name. */
    static String countedAs(String type) {
        return type.startsWith(OLD_PREFIX + "jdk.") ? type.substring(OLD_PREFIX.length()) : type;
    }
}
