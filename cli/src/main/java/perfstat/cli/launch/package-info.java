/**
 * Child and target JVMs: starting a model's JVM or a user's Java command with the agent,
 * attaching to a running one, and passing signals on so that no child outlives perfstat.
 * The agent's options cross the boundary only as {@code AgentOptions}, a model's arguments
 * only as {@code ModelArgs}. Must not depend on stats or render.
 */
package perfstat.cli.launch;
