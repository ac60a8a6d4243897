package perfstat.agent.probe;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds an advice parameter to the probe's cell array ({@link Probes#cells(int)}) as a
 * dynamic constant of the instrumented class, which the JIT treats as a constant.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface ProbeCells {
}
