package perfstat.agent.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordingSessionTest {
    @TempDir
    Path dir;

    /**
     * The samples turned on in a running recording are one change: JFR writes every type's settings (jdk.ActiveSetting)
     * once as the recording starts and once for the change, the sample event's rate and stack trace among them.
     */
    @Test
    void samplesTurnedOnInARunningRecordingAreOneChangeOfItsSettings() throws Exception {
        Path out = dir.resolve("r.jfr");
        Recording r = RecordingSession.start(out, 10_000, false, false);
        String name = RecordingSession.cpuTimeSamples() ? RecordingSession.CPU_TIME_SAMPLE : RecordingSession.EXECUTION_SAMPLE;
        RecordingSession.enableSamples(r);
        assertThat(r.getSettings()).containsEntry(name + "#enabled", "true").containsEntry(name + "#stackTrace", "true");
        r.stop();
        r.close();
        long id = -1;
        for (EventType t : FlightRecorder.getFlightRecorder().getEventTypes()) {
            if (t.getName().equals(name)) {
                id = t.getId();
            }
        }
        List<String> enabled = new ArrayList<>();
        List<String> stackTrace = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(out)) {
            if (e.getEventType().getName().equals("jdk.ActiveSetting") && e.getLong("id") == id) {
                if (e.getString("name").equals("enabled")) {
                    enabled.add(e.getString("value"));
                } else if (e.getString("name").equals("stackTrace")) {
                    stackTrace.add(e.getString("value"));
                }
            }
        }
        // written as the recording started, and once for the change (three changes wrote them three times more)
        assertThat(enabled).hasSize(2).last().isEqualTo("true");
        assertThat(stackTrace).hasSize(2).last().isEqualTo("true");
    }

    /** The JDK events the recording enables are JDK_EVENTS, no more, no fewer (the samples' once they are on). */
    @Test
    void theJdkEventsEnabledAreTheListedOnes() throws Exception {
        Recording r = RecordingSession.start(dir.resolve("e.jfr"), 10_000, false, true);
        java.util.Set<String> enabled = new java.util.TreeSet<>();
        r.getSettings().forEach((k, v) -> {
            if (k.startsWith("jdk.") && k.endsWith("#enabled") && v.equals("true")) {
                enabled.add(k.substring(0, k.indexOf('#')));
            }
        });
        r.close();
        java.util.Set<String> listed = new java.util.TreeSet<>(RecordingSession.JDK_EVENTS);
        listed.remove(RecordingSession.cpuTimeSamples() ? RecordingSession.EXECUTION_SAMPLE : RecordingSession.CPU_TIME_SAMPLE);
        assertThat(enabled).isEqualTo(listed);
        assertThat(RecordingSession.JDK_EVENTS).containsAll(RecordingSession.CONFIGURATION_EVENTS)
                .doesNotContainAnyElementsOf(RecordingSession.PRIVATE_EVENTS);
    }
}
