package perfstat.agent.probe;

import net.bytebuddy.asm.Advice;

/**
 * Inlined into every probed method. It touches only {@link Probes}, which lives on the
 * system class path; the installer probes only classes whose loader sees that class.
 * Any throwable from the advice is suppressed (and {@link Probes} counts its own).
 *
 * <p>{@link Constant} is the advice for class files of Java 11 and later: the probe's cell
 * array comes in as a dynamic constant. {@link ById} is for older class files, which cannot
 * hold one: it looks the array up by the probe's id.
 */
public final class ProbeAdvice {
    private ProbeAdvice() {
    }

    /**
     * Exit advice shared by both: times the call if entry started the clock. The end time is
     * read here, in the probed method's own (hot, inlined) code, not inside {@link Probes#exit}:
     * with sampled timing that method runs once in 1024 calls and stays cold (interpreted or
     * C1-compiled, called out of line), and a clock read inside it would put that cold call
     * into every sampled timed call's interval but not into an exact one's.
     */
    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    public static void exit(@ProbeId int id, @Advice.Enter long startNs) {
        if (startNs != 0L) {
            Probes.exit(id, startNs, System.nanoTime());
        }
    }

    /** Entry advice with the cell array as a constant. */
    public static final class Constant {
        private Constant() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        public static long enter(@ProbeCells long[] cells, @ProbeId int id) {
            return Probes.enter(cells, id);
        }
    }

    /** Entry advice for class files before Java 11. */
    public static final class ById {
        private ById() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        public static long enter(@ProbeId int id) {
            return Probes.enter(id);
        }
    }

    /**
     * The exit of a constructor or a static initialiser, which cannot have a handler around its
     * body: a call that throws is counted but not timed.
     */
    public static final class NormalExit {
        private NormalExit() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        public static void exit(@ProbeId int id, @Advice.Enter long startNs) {
            if (startNs != 0L) {
                Probes.exit(id, startNs, System.nanoTime());
            }
        }
    }
}
