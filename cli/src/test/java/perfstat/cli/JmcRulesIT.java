package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.common.item.ItemFilters;
import org.openjdk.jmc.common.util.IPreferenceValueProvider;
import org.openjdk.jmc.flightrecorder.JfrLoaderToolkit;
import org.openjdk.jmc.flightrecorder.rules.IResult;
import org.openjdk.jmc.flightrecorder.rules.IRule;
import org.openjdk.jmc.flightrecorder.rules.RuleRegistry;
import org.openjdk.jmc.flightrecorder.rules.Severity;
import org.openjdk.jmc.flightrecorder.rules.util.RulesToolkit;
import perfstat.format.Events;

/**
 * perfstat's recordings as JDK Mission Control 9.1 reads them: its parser reads perfstat's events, the recording
 * carries its settings (jdk.ActiveSetting), and with {@code jfr-settings=profile} JMC's automated analysis runs every
 * rule it runs on a plain {@code profile} recording of the same program, but those that need what perfstat's
 * recordings never hold (the environment, properties, JVM arguments, paths, processes: RecordingSession's
 * PRIVATE_EVENTS).
 */
class JmcRulesIT {
    /**
     * The rules that run on a plain {@code profile} recording and cannot on perfstat's with {@code jfr-settings=profile},
     * each with the privacy-blocked event it needs (RecordingSession.PRIVATE_EVENTS; JMC 9.1's {@code
     * getRequiredEvents()}, checked on recordings made here): what they read is the JVM's arguments, system properties,
     * the environment, paths or other processes, which perfstat's recordings never hold.
     */
    static final Map<String, String> PRIVATE_RULES = privateRules();

    private static Map<String, String> privateRules() {
        Map<String, String> m = new java.util.TreeMap<>();
        String args = "jdk.JVMInformation (the JVM's arguments)";
        for (String r : List.of("BytecodeVerification", "CompressedOops", "DuplicateFlags", "FlightRecordingSupport",
                "JfrPeriodicEventsFix", "Options", "PID1Rule", "PasswordsInArguments")) {
            m.put(r, args);
        }
        String props = "jdk.InitialSystemProperty (system properties)";
        for (String r : List.of("DebugNonSafepoints", "ManagementAgent", "OverAggressiveRecordingSetting",
                "PasswordsInSystemProperties")) {
            m.put(r, props);
        }
        m.put("PasswordsInEnvironment", "jdk.InitialEnvironmentVariable (the environment)");
        m.put("ManyRunningProcesses", "jdk.SystemProcess (the machine's other processes and their command lines)");
        m.put("DynamicAgents", "jdk.JavaAgent, jdk.NativeAgent (the agents' paths and options)");
        m.put("MultipleAgents", "jdk.JavaAgent, jdk.NativeAgent (the agents' paths and options)");
        m.put("FileRead", "jdk.FileRead (file paths)");
        m.put("FileWrite", "jdk.FileWrite (file paths)");
        m.put("Errors", "jdk.JavaErrorThrow (free-text messages, which may hold paths)");
        return java.util.Collections.unmodifiableMap(m);
    }

    @TempDir
    Path dir;

    private Path record(String name, String option) throws Exception {
        String classes = Path.of(perfstat.itapp.Mix.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Processes.Result r = Processes.run(dir, List.of(Processes.java(), option, "-cp", classes, "perfstat.itapp.Mix", "1500"));
        assertThat(r.code()).as(r.err()).isZero();
        return dir.resolve(name);
    }

    private static Path shared(Recordings.Made made) {
        assertThat(made.result().code()).as(made.result().err()).isZero();
        return made.path();
    }

    /**
     * The rules that may fail (throw) on perfstat's recordings rather than run: JMC 9.1's IncreasingLiveSetRule, once a run
     * has GCs enough for its trend, subtracts the JVM's start time, which only {@code jdk.JVMInformation} (kept off for
     * privacy) holds; with fewer GCs it runs. Any other rule that throws fails the test.
     */
    static final Set<String> MAY_FAIL_WITHOUT_JVM_INFORMATION = Set.of("IncreasingLiveSetRule");

    /** The rules JMC finds not applicable (Severity.NA) on a recording, and those of {@link #MAY_FAIL_WITHOUT_JVM_INFORMATION} that threw. */
    private static Set<String> notApplicable(IItemCollection items) throws Exception {
        Map<IRule, Future<IResult>> results = RulesToolkit.evaluateParallel(RuleRegistry.getRules(), items,
                IPreferenceValueProvider.DEFAULT_VALUES, 2);
        Set<String> na = new TreeSet<>();
        for (Map.Entry<IRule, Future<IResult>> e : results.entrySet()) {
            try {
                if (e.getValue().get().getSeverity() == Severity.NA) {
                    na.add(e.getKey().getId());
                }
            } catch (java.util.concurrent.ExecutionException x) {
                if (!MAY_FAIL_WITHOUT_JVM_INFORMATION.contains(e.getKey().getClass().getSimpleName())) {
                    throw x;
                }
                System.out.println("JMC rule " + e.getKey().getId() + " failed: " + x.getCause());
                na.add(e.getKey().getId()); // as a user sees it: no result
            }
        }
        return na;
    }

    @Test
    void jmcReadsPerfstatsRecordingsAndWithProfileSettingsRunsWhatItRunsOnAProfileRecording() throws Exception {
        String agent = "-javaagent:" + Processes.jar();
        // the agent's with its defaults and plain JFR's profile: the shared recordings of Mix (CliIT diffs them too)
        IItemCollection own = JfrLoaderToolkit.loadEvents(shared(Recordings.mixAgentG1()).toFile());
        IItemCollection withProfile = JfrLoaderToolkit.loadEvents(
                record("perfstat-profile.jfr", agent + "=out=perfstat-profile.jfr,jfr-settings=profile").toFile());
        IItemCollection plain = JfrLoaderToolkit.loadEvents(shared(Recordings.mixJfr(Processes.java(), "profile")).toFile());
        for (IItemCollection items : List.of(own, withProfile)) {
            assertThat(items.apply(ItemFilters.type("jdk.ActiveSetting")).hasItems()).isTrue();
            assertThat(items.apply(ItemFilters.type(Events.Counters.NAME)).hasItems()).isTrue();
            assertThat(items.apply(ItemFilters.type(Events.Agent.NAME)).hasItems()).isTrue();
        }
        // units JMC understands: a counter of time as a timespan, the score's unit beside it
        for (org.openjdk.jmc.common.item.IItemIterable it : own.apply(ItemFilters.type(Events.PerfCounter.NAME))) {
            assertThat(it.getType().getAccessorKeys().keySet()).anySatisfy(k -> {
                assertThat(k.getIdentifier()).isEqualTo(Events.PerfCounter.VALUE_NS);
                assertThat(k.getContentType()).isEqualTo(org.openjdk.jmc.common.unit.UnitLookup.TIMESPAN);
            });
        }
        Set<String> naOwn = notApplicable(own);
        Set<String> naWithProfile = notApplicable(withProfile);
        Set<String> naPlain = notApplicable(plain);
        System.out.printf("JMC rules not applicable (of %d): perfstat %d, perfstat with jfr-settings=profile %d, plain profile %d%n",
                RuleRegistry.getRules().size(), naOwn.size(), naWithProfile.size(), naPlain.size());
        Set<String> lost = new TreeSet<>(naWithProfile);
        lost.removeAll(naPlain);
        lost.removeIf(id -> RuleRegistry.getRules().stream().anyMatch(r -> r.getId().equals(id)
                && MAY_FAIL_WITHOUT_JVM_INFORMATION.contains(r.getClass().getSimpleName())));
        System.out.println("not applicable on perfstat's with profile, applicable on plain profile: " + lost);
        assertThat(lost).as("rules that run on a plain profile recording, not applicable on perfstat's with jfr-settings=profile")
                .isSubsetOf(PRIVATE_RULES.keySet());
        // each listed rule does need its privacy-blocked event: not applicable on perfstat's, run on plain profile
        Set<String> listedButRun = new TreeSet<>(PRIVATE_RULES.keySet());
        listedButRun.removeAll(naWithProfile);
        assertThat(listedButRun).as("rules listed as needing a privacy-blocked event that ran on perfstat's recording").isEmpty();
        assertThat(naWithProfile.size()).isLessThan(naOwn.size());
    }
}
