package perfstat.launcher;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * perfstat.jar's {@code Main-Class}: compiled for Java 17, so that {@code java -jar perfstat.jar} on a JDK older than the
 * one the CLI is built for prints one line instead of an {@code UnsupportedClassVersionError}; on JDK 25 and later it
 * hands the arguments to the CLI. bin/perfstat finds a JDK 25 itself.
 */
public final class Launcher {
    /** The Java release the CLI's classes are compiled for (cli/pom.xml). */
    static final int CLI_RELEASE = 25;

    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        int feature = Runtime.version().feature();
        if (feature < CLI_RELEASE) {
            System.err.println("perfstat: needs JDK " + CLI_RELEASE + " or later to run, and this java is " + feature
                    + " (bin/perfstat finds a JDK " + CLI_RELEASE + " itself; the programs it measures may run on 17 or later)");
            System.exit(2);
        }
        MethodHandle main = MethodHandles.publicLookup().findStatic(Class.forName("perfstat.cli.Main"), "main",
                MethodType.methodType(void.class, String[].class));
        main.invokeExact(args);
    }
}
