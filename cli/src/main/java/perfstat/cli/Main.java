package perfstat.cli;

import java.io.PrintWriter;
import perfstat.cli.command.AttachCommand;
import perfstat.cli.command.CompareCommand;
import perfstat.cli.command.PsCommand;
import perfstat.cli.command.DiffCommand;
import perfstat.cli.command.ListCommand;
import perfstat.cli.command.ModelsCommand;
import perfstat.cli.command.ReportCommand;
import perfstat.cli.command.RunCommand;
import perfstat.cli.command.StatCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * {@code perfstat}: the only place that exits. Errors reach the user as one line,
 * prefixed with the command's name; a stack trace only with {@code --verbose}.
 */
@Command(name = "perfstat", mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "perf stat for the JVM: run models, record them with JFR, and compare recordings.",
        subcommands = {ModelsCommand.class, RunCommand.class, CompareCommand.class,
                ReportCommand.class, DiffCommand.class, StatCommand.class, PsCommand.class, AttachCommand.class,
                ListCommand.class, CommandLine.HelpCommand.class, picocli.AutoComplete.GenerateCompletion.class})
public final class Main implements Runnable {

    @Option(names = "--verbose", scope = ScopeType.INHERIT, description = "Print stack traces of errors.")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command (try perfstat --help)");
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = execute(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs one command line; returns the exit status. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        Main main = new Main();
        CommandLine cl = new CommandLine(main);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        // shell completion: perfstat generate-completion > perfstat_completion; . perfstat_completion
        cl.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(false);
        // everything after stat's command name is the command's own: java -cp … Main --its-options
        cl.getSubcommands().get("stat").setStopAtPositional(true);
        // diff A1 A2 -- B1 B2: "--" separates the sides, so it must reach diff's parameters
        cl.getSubcommands().get("diff").setEndOfOptionsDelimiter("--end-of-options")
                .setUnmatchedOptionsArePositionalParams(true);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println(prefix(ex.getCommandLine()) + ex.getMessage() + " (see "
                    + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help)");
            if (main.verbose) {
                ex.printStackTrace(err);
            }
            return UserError.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof UserError u) {
                err.println(prefix(commandLine) + u.getMessage());
                if (main.verbose) {
                    u.printStackTrace(err);
                }
                return u.exitCode();
            }
            err.println(prefix(commandLine) + "internal error: " + ex + (main.verbose ? "" : " (run with --verbose for details)"));
            if (main.verbose) {
                ex.printStackTrace(err);
            }
            return 1;
        });
        return cl.execute(args);
    }

    private static String prefix(CommandLine cl) {
        return cl.getCommandSpec().qualifiedName() + ": ";
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"perfstat " + (v == null ? "dev" : v)};
        }
    }
}
