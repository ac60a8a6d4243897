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
    perfstat.format.Timing timing;

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

    @Option(names = "--jfr-settings", paramLabel = "profile|default|FILE.jfc",
            description = "Also record what this JDK settings file enables (JFR's profile or default, or a .jfc of your own),"
                    + " for JDK Mission Control's whole analysis; events that carry the environment, properties, arguments,"
                    + " paths or hosts stay off. Cost with profile (compare fstime -r 3 --duration 2s --observer-check, busy"
                    + " 2-core VM): JFR's and perfstat's threads +45-65 ms CPU a run (83-103 to 149-157), the JIT +13%%,"
                    + " recordings +30%%; the score's change was undecided.")
    String jfrSettings;

    /** Puts these options into {@code b}; checked when {@code b} is built. A settings file that does not read is a usage error. */
    AgentOptions.Builder applyTo(AgentOptions.Builder b) {
        if (jfrSettings != null) {
            checkJfrSettings(jfrSettings);
            b.jfrSettings(jfrSettings.equals("default") || jfrSettings.equals("profile") ? jfrSettings
                    : java.nio.file.Path.of(jfrSettings).toAbsolutePath().toString()); // the child JVM may run elsewhere
        }
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

    /** {@code profile}, {@code default}, or a .jfc file that JFR reads; else one line, exit 2. */
    private static void checkJfrSettings(String name) {
        if (name.equals("default") || name.equals("profile")) {
            return;
        }
        try {
            jdk.jfr.Configuration.create(java.nio.file.Path.of(name));
        } catch (java.io.IOException | java.text.ParseException | RuntimeException e) {
            throw perfstat.cli.user.UserError.usage("--jfr-settings: " + name + " is not profile, default or a JFR settings"
                    + " file (.jfc) that reads (" + e.getMessage() + ")");
        }
    }
}
