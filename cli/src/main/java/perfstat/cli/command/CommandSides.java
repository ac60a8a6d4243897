package perfstat.cli.command;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import perfstat.cli.user.UserError;
import perfstat.cli.launch.JavaCommandRunner;

/**
 * The sides of {@code perfstat compare} of a user's own commands, as written on its command
 * line: {@code --name old -- java -cp old.jar App ::: --name new -- java -cp new.jar App}.
 * Each side is an optional {@code --name NAME} (then an optional {@code --}) and a
 * {@code java …} command line; {@value #SEPARATOR} separates the sides, as GNU parallel
 * separates its argument lists, so that no word of a command line needs quoting. A side
 * without a name is called by its letter: A, B, ….
 */
public final class CommandSides {
    /** The word between two sides' command lines. */
    public static final String SEPARATOR = ":::";

    /** Where a command's iteration count goes: compare puts {@code --iterations N} (or the count it chose) there. */
    public static final String ITERATIONS = "{iterations}";

    /** {@code command} with each {@value #ITERATIONS} replaced by {@code n}. */
    static List<String> withIterations(List<String> command, int n) {
        return command.stream().map(w -> w.replace(ITERATIONS, Integer.toString(n))).toList();
    }

    /** Whether some side's command has an {@value #ITERATIONS} for compare to fill. */
    static boolean takeIterations(List<Side> sides) {
        return sides.stream().anyMatch(s -> s.command().stream().anyMatch(w -> w.contains(ITERATIONS)));
    }

    /** One side: its name (a column of the table, a directory under {@code -o}) and its command line. */
    public record Side(String name, List<String> command) {
    }

    private CommandSides() {
    }

    /**
     * What is missing where a command line names a side {@code --name NAME} and goes straight on to its java command
     * ({@code compare --name a java -cp … ::: --name b java …}): picocli then reads the command's own options as
     * compare's and says "--name should be specified only once" or "Unknown options: '-cp'". The line that says what
     * is missing, or null where no --name is followed by a command.
     */
    public static String missingSeparator(List<String> args) {
        for (int i = 0; i + 2 < args.size(); i++) {
            if (args.get(i).equals(SEPARATOR) || args.get(i).equals("--")) {
                continue;
            }
            if (args.get(i).equals("--name") && !args.get(i + 2).startsWith("-") && JavaCommandRunner.isJava(args.get(i + 2))) {
                return "put -- between --name NAME and the java command: --name " + args.get(i + 1) + " -- "
                        + args.get(i + 2) + " … " + SEPARATOR + " --name B -- java …";
            }
        }
        return null;
    }

    /**
     * Whether {@code words} (compare's positional words, {@code firstName} its {@code --name}
     * option) are commands rather than one model's name.
     */
    static boolean areCommands(List<String> words, String firstName) {
        return firstName != null || words.size() > 1 || words.contains(SEPARATOR)
                || JavaCommandRunner.isJava(words.get(0));
    }

    /**
     * The sides {@code words} name, each checked: two or more, each a {@code java} command
     * line, with a name that is not empty, not used twice and fit for a directory; a usage
     * error (one line, exit 2) otherwise, before any JVM starts.
     */
    static List<Side> parse(List<String> words, String firstName) {
        return parse(words, firstName, 2);
    }

    /** As {@link #parse(List, String)}, with {@code least} commands at least (1: compare --observer-check of one command). */
    static List<Side> parse(List<String> words, String firstName, int least) {
        List<List<String>> groups = split(words);
        List<Side> sides = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < groups.size(); i++) {
            List<String> g = groups.get(i);
            String name = i == 0 ? firstName : null;
            int at = 0;
            if (at < g.size() && (g.get(at).equals("--name") || g.get(at).startsWith("--name="))) {
                if (name != null) {
                    throw UserError.usage("the first command has two names ('" + name + "' and another)");
                }
                if (g.get(at).startsWith("--name=")) {
                    name = g.get(at).substring("--name=".length());
                    at++;
                } else if (at + 1 < g.size()) {
                    name = g.get(at + 1);
                    at += 2;
                } else {
                    throw UserError.usage("--name of command " + (i + 1) + " needs a value");
                }
            }
            if (at < g.size() && g.get(at).equals("--")) {
                at++;
            }
            name = name != null ? name : String.valueOf((char) ('A' + i));
            checkName(name, i + 1, names);
            sides.add(new Side(name, checkCommand(g.subList(at, g.size()), name)));
        }
        if (sides.size() < least) {
            throw UserError.usage("compare needs two or more java commands, separated by '" + SEPARATOR
                    + "' (one given): --name old -- java … " + SEPARATOR + " --name new -- java …; or one with --observer-check,"
                    + " which runs it with and without probes");
        }
        return sides;
    }

    private static List<List<String>> split(List<String> words) {
        List<List<String>> groups = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String w : words) {
            if (w.equals(SEPARATOR)) {
                groups.add(current);
                current = new ArrayList<>();
            } else {
                current.add(w);
            }
        }
        groups.add(current);
        return groups;
    }

    private static void checkName(String name, int index, Set<String> names) {
        if (name.isBlank()) {
            throw UserError.usage("the name of command " + index + " is empty");
        }
        if (name.contains("/") || name.contains("\\") || name.startsWith(".")) {
            throw UserError.usage("the name '" + name + "' cannot name a directory (no '/', no leading '.')");
        }
        if (!names.add(name)) {
            throw UserError.usage("two commands are named '" + name + "': each needs its own --name");
        }
    }

    private static List<String> checkCommand(List<String> command, String name) {
        if (command.isEmpty()) {
            throw UserError.usage("command '" + name + "' is empty: give it a java command line");
        }
        if (!JavaCommandRunner.isJava(command.get(0))) {
            throw UserError.usage("compare runs java commands; '" + command.get(0) + "' (command '" + name
                    + "') is not java");
        }
        return List.copyOf(command);
    }

    /** What the table's title names: the sides' main class (or jar, or module), "A vs B" where they differ. */
    static String subject(List<Side> sides) {
        List<String> mains = sides.stream().map(s -> mainOf(s.command())).distinct().toList();
        return String.join(" vs ", mains);
    }

    private static final Set<String> WITH_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
            "--add-modules", "--add-opens", "--add-exports", "--add-reads", "--upgrade-module-path", "--limit-modules");

    /** The main class of {@code java [options] MAIN …}, the jar of {@code -jar APP}, the module of {@code -m M/C}. */
    static String mainOf(List<String> command) {
        for (int i = 1; i < command.size(); i++) {
            String w = command.get(i);
            if ((w.equals("-jar") || w.equals("-m") || w.equals("--module")) && i + 1 < command.size()) {
                String v = command.get(i + 1);
                return w.equals("-jar") ? java.nio.file.Path.of(v).getFileName().toString() : v.substring(v.indexOf('/') + 1);
            }
            if (WITH_VALUE.contains(w)) {
                i++;
            } else if (!w.startsWith("-")) {
                return w;
            }
        }
        return "java";
    }
}
