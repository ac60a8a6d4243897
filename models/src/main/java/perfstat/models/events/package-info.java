/**
 * The JFR events a model commits (workload, score per interval, result, model counters): the
 * only way a model reports to perfstat. Plain JFR event classes, named with the format module's
 * compile-time constants ({@code perfstat.format.Events}), which their class files carry: the
 * models need the format module only to compile.
 */
package perfstat.models.events;
