package perfstat.cli.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.EventType;
import jdk.jfr.consumer.MetadataEvent;

/**
 * The recording's settings (jdk.ActiveSetting): per event type, what the recordings that wrote the file set (enabled,
 * threshold, period, ...). JFR writes one event per setting of every type when a recording starts and when its
 * settings change; it names the type by its id, which the metadata maps to the type's name. Where recordings in one
 * JVM differ, the file holds the events of any that enabled a type: enabled wins, and a setting's last value stays.
 */
final class SettingsCollector implements Collector {
    static final String ACTIVE_SETTING = "jdk.ActiveSetting";

    /** {type id, setting, value} as read: the types' names may come with a later chunk's metadata. */
    private final List<Object[]> read = new ArrayList<>();
    private final Map<Long, String> typeNames = new HashMap<>();

    @Override
    public void register(Handlers h) {
        h.on(ACTIVE_SETTING, e -> read.add(new Object[] {e.getLong("id"), e.getString(perfstat.format.JdkFields.SETTING_NAME), e.getString(perfstat.format.JdkFields.SETTING_VALUE)}));
    }

    /** Takes the names of the event types from a chunk's metadata. */
    void metadata(MetadataEvent m) {
        for (EventType t : m.getEventTypes()) {
            typeNames.put(t.getId(), Handlers.countedAs(t.getName()));
        }
    }

    RunData.Settings result() {
        Map<String, Map<String, String>> byType = new LinkedHashMap<>();
        for (Object[] r : read) {
            String type = typeNames.get((Long) r[0]);
            if (type == null || r[1] == null || r[2] == null) {
                continue; // a type the metadata does not name: nothing to say of it
            }
            Map<String, String> settings = byType.computeIfAbsent(type, k -> new LinkedHashMap<>());
            String name = (String) r[1];
            String value = (String) r[2];
            settings.merge(name, value, (was, now) -> name.equals("enabled") && was.equals("true") ? was : now);
        }
        return Shared.value(new RunData.Settings(byType)); // a fleet's recordings mostly share theirs
    }
}
