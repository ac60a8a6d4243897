package perfstat.cli.command;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import perfstat.cli.launch.Attacher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code perfstat ps}: the local JVMs this user can attach to. */
@Command(name = "ps", mixinStandardHelpOptions = true, description = "List local JVMs: pid, main class or jar, Java version, whether perfstat is loaded.")
public final class PsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%8s  %-8s  %-9s  %s%n", "PID", "JAVA", "PERFSTAT", "MAIN");
        for (Attacher.Jvm j : Attacher.list()) {
            out.printf("%8s  %-8s  %-9s  %s%n", j.pid(), j.javaVersion(), j.perfstatLoaded() ? "loaded" : "-", j.main());
        }
        out.flush();
        return 0;
    }
}
