package perfstat.cli.command;

import java.util.ArrayList;
import java.util.List;
import perfstat.agent.AgentOptions;
import picocli.CommandLine.Option;

/** The probe options of every command that starts or attaches an agent: run, compare, stat, attach. */
public final class ProbeOptions {
    @Option(names = "--probes", paramLabel = "PATTERN", split = ";",
            description = "Methods to probe, in JEP 520's syntax (pkg.Class, pkg.Class::method, ::method); ';' between several.")
    List<String> probes = new ArrayList<>();

    @Option(names = "--probeset", paramLabel = "NAME", description = "A built-in probe set (perfstat models lists them).")
    List<String> probeSets = new ArrayList<>();

    @Option(names = "--timing", paramLabel = "MODE",
            description = "How probed calls are timed: ${COMPLETION-CANDIDATES} (default: sampled). Calls are always counted.")
    AgentOptions.Timing timing;

    @Option(names = "--sample", paramLabel = "N",
            description = "With sampled timing, time one call in N on average (default: " + AgentOptions.DEFAULT_SAMPLE + ").")
    Integer sample;

    @Option(names = "--probes-merge",
            description = "Count the overloads a pattern matches as one probe, one row (Class::method); by default a row each.")
    boolean probesMerge;

    @Option(names = "--no-samples",
            description = "Take no method samples (hot methods); by default the recording samples each thread every "
                    + perfstat.agent.recording.RecordingSession.SAMPLE_PERIOD_MS + " ms of CPU time.")
    boolean noSamples;

    /** Puts these options into {@code b}; checked when {@code b} is built. */
    AgentOptions.Builder applyTo(AgentOptions.Builder b) {
        b.probes(probes);
        probeSets.forEach(b::probeSet);
        if (timing != null) {
            b.timing(timing);
        }
        if (probesMerge) {
            b.probesMerge(true);
        }
        if (noSamples) {
            b.samples(false);
        }
        if (sample != null) {
            b.sample(sample);
        }
        return b;
    }
}
