package perfstat.cli.read;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import perfstat.format.Events;

/** perfstat.Agent: the agent's options, its timer's cost, its start-up CPU, the contention threshold. */
final class AgentCollector implements Collector {
    /** How versions 2 to 4 recorded the threshold: in the options text (version 1 did not record it). */
    private static final Pattern OPTIONS_THRESHOLD = Pattern.compile("contention=([0-9]+)ns");

    private final String name;
    private String options;
    private long timerOverheadNs;
    private long startCpuNs = -1;
    private Optional<Duration> contentionThreshold = Optional.empty();
    private String program = "";

    AgentCollector(String name) {
        this.name = name;
    }

    @Override
    public void register(Handlers h) {
        h.on(Events.Agent.NAME, this::agent);
    }

    private void agent(RecordedEvent e) {
        RecordingReader.formatVersion(name, e, Events.Agent.FORMAT_VERSION);
        options = e.getString(Events.Agent.OPTIONS);
        timerOverheadNs = e.hasField(Events.Agent.TIMER_OVERHEAD_NS) ? e.getLong(Events.Agent.TIMER_OVERHEAD_NS) : 0;
        startCpuNs = e.hasField(Events.Agent.START_CPU_NS) ? e.getLong(Events.Agent.START_CPU_NS) : -1;
        contentionThreshold = e.hasField(Events.Agent.CONTENTION_THRESHOLD_NS)
                ? Optional.of(Duration.ofNanos(e.getLong(Events.Agent.CONTENTION_THRESHOLD_NS)))
                : fromOptions(options);
        program = e.hasField(Events.Agent.PROGRAM) && e.getString(Events.Agent.PROGRAM) != null
                ? e.getString(Events.Agent.PROGRAM) : "";
    }

    static Optional<Duration> fromOptions(String options) {
        Matcher m = options == null ? null : OPTIONS_THRESHOLD.matcher(options);
        return m != null && m.find() ? Optional.of(Duration.ofNanos(Long.parseLong(m.group(1)))) : Optional.empty();
    }

    /** The agent's options as recorded, or null without a perfstat.Agent event. */
    String options() {
        return options;
    }

    long timerOverheadNs() {
        return timerOverheadNs;
    }

    long startCpuNs() {
        return startCpuNs;
    }

    /** The program the JVM ran, by name only; "" where the recording does not say (before version 7). */
    String program() {
        return program;
    }

    /** The threshold of the JDK's contention events; empty where the recording does not say. */
    Optional<Duration> contentionThreshold() {
        return contentionThreshold;
    }
}
