/**
 * perfstat's JFR events as the agent writes them (docs/recording-format.md): the recording
 * format's writer side. Plain JFR event classes, which name themselves and their fields with
 * the format module's constants ({@code perfstat.format.Events}); must not depend on the rest
 * of the agent.
 */
package perfstat.agent.events;
