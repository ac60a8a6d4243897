/**
 * The JFR events a model commits (workload, score per interval, result, model counters): the
 * only way a model reports to perfstat. Plain JFR event classes.
 */
package perfstat.models.events;
