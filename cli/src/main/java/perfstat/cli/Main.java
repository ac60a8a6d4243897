package perfstat.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import perfstat.cli.command.AttachCommand;
import perfstat.cli.command.CompareCommand;
import perfstat.cli.command.PsCommand;
import perfstat.cli.command.DiffCommand;
import perfstat.cli.command.ListCommand;
import perfstat.cli.command.ModelsCommand;
import perfstat.cli.command.ReportCommand;
import perfstat.cli.command.RunCommand;
import perfstat.cli.command.StatCommand;
import perfstat.cli.user.UserError;
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
        description = "perf stat for the JVM: run models, record them with JFR, and compare recordings.")
public final class Main implements Runnable {

    /**
     * The commands, in the order help lists them. Building a command's model costs picocli
     * reflection (about 130 ms for all of them in a JVM just started), so a command line that
     * names its command builds that one only; anything else (help, an unknown name) builds all.
     */
    private static final Map<String, Supplier<Object>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("models", ModelsCommand::new);
        COMMANDS.put("run", RunCommand::new);
        COMMANDS.put("compare", CompareCommand::new);
        COMMANDS.put("report", ReportCommand::new);
        COMMANDS.put("diff", DiffCommand::new);
        COMMANDS.put("stat", StatCommand::new);
        COMMANDS.put("calibrate", perfstat.cli.command.CalibrateCommand::new);
        COMMANDS.put("ps", PsCommand::new);
        COMMANDS.put("attach", AttachCommand::new);
        COMMANDS.put("list", ListCommand::new);
        COMMANDS.put("help", CommandLine.HelpCommand::new);
        COMMANDS.put("generate-completion", picocli.AutoComplete.GenerateCompletion::new);
    }

    @Option(names = "--verbose", scope = ScopeType.INHERIT, description = "Print stack traces of errors.")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command (try perfstat --help)");
    }

    public static void main(String[] args) {
        String named = commandNamed(args);
        if ("report".equals(named) || "diff".equals(named)) {
            // the recordings named start reading while picocli builds its model (about 0.1 s);
            // a process reads once, so the read-ahead cannot go stale (execute, run in tests, has none)
            perfstat.cli.read.RecordingReader.prefetch(java.util.Arrays.asList(args));
        }
        perfstat.cli.user.OutOfMemory.watch(System.err); // a collector that spins ends in one line, not never
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code;
        try {
            code = execute(args, out, err);
        } catch (OutOfMemoryError e) {
            // picocli lets an Error through; what filled the heap is unreachable by now, so the line can be made
            out.flush();
            err.println("perfstat: " + perfstat.cli.user.OutOfMemory.line());
            if (java.util.Arrays.asList(args).contains("--verbose")) {
                e.printStackTrace(err);
            }
            code = UserError.DATA;
        }
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs one command line; returns the exit status. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        Main main = new Main();
        CommandLine cl = new CommandLine(main);
        String named = commandNamed(args);
        for (Map.Entry<String, Supplier<Object>> c : COMMANDS.entrySet()) {
            if (named == null || named.equals(c.getKey())) {
                cl.addSubcommand(c.getKey(), c.getValue().get());
            }
        }
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        Map<String, CommandLine> sub = cl.getSubcommands();
        if (sub.containsKey("generate-completion")) {
            // shell completion: perfstat generate-completion > perfstat_completion; . perfstat_completion
            sub.get("generate-completion").getCommandSpec().usageMessage().hidden(false);
        }
        if (sub.containsKey("stat")) {
            // everything after stat's command name is the command's own: java -cp … Main --its-options
            sub.get("stat").setStopAtPositional(true);
        }
        if (sub.containsKey("diff")) {
            // diff A1 A2 -- B1 B2: "--" separates the sides, so it must reach diff's parameters
            sub.get("diff").setEndOfOptionsDelimiter("--end-of-options").setUnmatchedOptionsArePositionalParams(true);
        }
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            String unknown = unknownCommand(ex, cl);
            String separator = perfstat.cli.command.CommandSides.missingSeparator(java.util.Arrays.asList(a));
            if (unknown == null && separator != null && "compare".equals(named)) { // --name a java …: the -- forgotten
                unknown = prefix(ex.getCommandLine()) + separator;
            }
            err.println(unknown != null ? unknown : prefix(ex.getCommandLine()) + ex.getMessage() + " (see "
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

    /**
     * The command a command line names, when it is one of ours other than help and completion
     * (which list the others) and only {@code --verbose} comes before it; otherwise null.
     */
    static String commandNamed(String[] args) {
        for (String a : args) {
            if (a.equals("--verbose")) {
                continue;
            }
            return COMMANDS.containsKey(a) && !a.equals("help") && !a.equals("generate-completion") ? a : null;
        }
        return null;
    }

    /**
     * {@code perfstat: unknown command 'frob' (commands: models, run, …)} where the first word
     * after perfstat's own options names no command; null for any other error.
     */
    static String unknownCommand(CommandLine.ParameterException ex, CommandLine top) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException u) || ex.getCommandLine() != top
                || u.getUnmatched().isEmpty() || u.getUnmatched().get(0).startsWith("-")) {
            return null;
        }
        return prefix(top) + "unknown command '" + u.getUnmatched().get(0) + "' (commands: "
                + String.join(", ", COMMANDS.keySet()) + ")";
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
