package perfstat.format;

/**
 * The program a JVM runs, named without a path or its arguments: the main class
 * ({@code com.example.Tok}), the jar's file name ({@code tok.jar}) or the source file's
 * ({@code Tok.java}). Read from the launcher's command ({@code sun.java.command}, the JDK's
 * jdk.JVMInformation {@code javaArguments}): the main class or jar, then the arguments, joined by
 * spaces. Arguments are never part of the name, nor any directory: they may hold paths or
 * secrets, which a recording must not carry.
 */
public final class ProgramName {
    /** The launcher's main class in source-file mode (JEP 330), whose first argument is the source file. */
    private static final String SOURCE_LAUNCHER = "com.sun.tools.javac.launcher.SourceLauncher";

    private ProgramName() {
    }

    /** The program {@code command} runs; "" where it names none (null, empty, or not a class, jar or source file). */
    public static String of(String command) {
        if (command == null || command.isBlank()) {
            return "";
        }
        String c = command.strip();
        int jar = c.indexOf(".jar");
        while (jar >= 0 && jar + 4 < c.length() && c.charAt(jar + 4) != ' ') {
            jar = c.indexOf(".jar", jar + 1);
        }
        String first = c.split(" ", 2)[0];
        if (jar >= 0 && !isClassName(first)) { // java -jar DIR/tok.jar ...: the jar's path may hold spaces
            return fileName(c.substring(0, jar + 4));
        }
        int slash = first.indexOf('/'); // a module's main class: module/class; any other slash is a path
        if (slash >= 0 && (slash != first.lastIndexOf('/') || !isClassName(first.substring(0, slash)))) {
            return "";
        }
        String main = first.substring(slash + 1);
        if (main.equals(SOURCE_LAUNCHER)) {
            String[] words = c.split(" ");
            return words.length > 1 && words[1].endsWith(".java") ? fileName(words[1]) : "";
        }
        return isClassName(main) ? main : "";
    }

    private static String fileName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(slash + 1);
    }

    private static boolean isClassName(String s) {
        if (s.isEmpty() || s.endsWith(".jar") || s.startsWith(".") || s.endsWith(".") || s.contains("..")) {
            return false;
        }
        for (String part : s.split("\\.")) {
            if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0))) {
                return false;
            }
            for (int i = 1; i < part.length(); i++) {
                if (!Character.isJavaIdentifierPart(part.charAt(i))) {
                    return false;
                }
            }
        }
        return true;
    }
}
