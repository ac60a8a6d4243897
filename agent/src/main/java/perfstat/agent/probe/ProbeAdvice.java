package perfstat.agent.probe;

import net.bytebuddy.asm.Advice;

/**
 * Inlined into every probed method. It touches only {@link Probes}, which lives on the
 * system class path; the installer probes only classes whose loader sees that class.
 * Any throwable from the advice is suppressed (and {@link Probes} counts its own).
 */
public final class ProbeAdvice {
    private ProbeAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    public static long enter(@ProbeId int id) {
        return Probes.enter(id);
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    public static void exit(@ProbeId int id, @Advice.Enter long startNs) {
        if (startNs != 0L) {
            Probes.exit(id, startNs);
        }
    }
}
