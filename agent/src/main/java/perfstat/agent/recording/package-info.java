/**
 * The agent's JFR recording: started from no settings, with only perfstat's events and JDK
 * events that carry no environment, properties, arguments or paths. Depends on the JDK only.
 */
package perfstat.agent.recording;
