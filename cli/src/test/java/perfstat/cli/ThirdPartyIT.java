package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/**
 * perfstat on code it did not write, as a new user tries it: an embedded SQL database (H2, from
 * the package registry) under four threads, probed with a third-party method, a JDK class, a
 * third-party constructor, an annotation and a pattern that matches nothing; through the agent
 * and through {@code perfstat stat --probes}.
 */
class ThirdPartyIT {
    private static final int THREADS = 4;
    private static final int OPS = 2_000;
    private static final String PATTERNS = String.join(";", "org.h2.jdbc.JdbcPreparedStatement::executeQuery",
            "java.util.HashMap::get", "org.h2.value.ValueInteger::<init>", "@perfstat.itapp.Timed", "com.example.Nope::x");

    @TempDir
    Path dir;

    private static String classPath() throws Exception {
        return Path.of(perfstat.itapp.H2Load.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                + File.pathSeparator + Path.of(org.h2.Driver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static List<String> app() throws Exception {
        return List.of("-cp", classPath(), "perfstat.itapp.H2Load", Integer.toString(THREADS), Integer.toString(OPS));
    }

    @Test
    void theAgentProbesADatabaseAndTheJdkUnderIt() throws Exception {
        List<String> bare = new ArrayList<>(List.of(Processes.java()));
        bare.addAll(app());
        Processes.Result without = Processes.run(dir, bare);
        List<String> cmd = new ArrayList<>(List.of(Processes.java(), "-javaagent:" + Processes.jar() + "=out=h2.jfr,probes=" + PATTERNS));
        cmd.addAll(app());
        Processes.Result with = Processes.run(dir, cmd);
        assertThat(with.code()).as(with.err()).isZero();
        assertThat(with.out()).isEqualTo(without.out()).contains("rows=" + THREADS * OPS);

        RunData run = RecordingReader.read(dir.resolve("h2.jfr").toString());
        Map<String, RunData.Probe> p = run.probes();
        // executeQuery is overloaded in H2's class: the probe names the one the application calls
        assertThat(p.get("org.h2.jdbc.JdbcPreparedStatement::executeQuery()").calls()).isEqualTo((long) THREADS * OPS);
        assertThat(p.get("perfstat.itapp.H2Load::oneOp").calls()).isEqualTo((long) THREADS * OPS);
        assertThat(p.get("org.h2.value.ValueInteger::<init>").calls()).isPositive();
        assertThat(p.get("java.util.HashMap::get").calls()).isGreaterThan((long) THREADS * OPS);
        assertThat(run.probePatterns()).containsEntry("com.example.Nope::x", 0L);

        Processes.Result report = Processes.perfstat(dir, "report", "h2.jfr");
        assertThat(report.out()).contains("JdbcPreparedStatement::executeQuery() calls").contains("ValueInteger::<init> calls")
                .contains("HashMap::get p99 (ns)").contains("H2Load::oneOp calls")
                .contains("# probe 'com.example.Nope::x' matched no method");
    }

    @Test
    void statTakesTheSameProbes() throws Exception {
        List<String> cmd = new ArrayList<>(List.of("stat", "--probes", PATTERNS, "-o", "stat.jfr", "--", Processes.java()));
        cmd.addAll(app());
        Processes.Result r = Processes.perfstat(dir, cmd.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("task-clock");
        RunData run = RecordingReader.read(dir.resolve("stat.jfr").toString());
        assertThat(run.probes().get("perfstat.itapp.H2Load::oneOp").calls()).isEqualTo((long) THREADS * OPS);
        assertThat(run.probePatterns()).containsEntry("com.example.Nope::x", 0L);
    }
}
