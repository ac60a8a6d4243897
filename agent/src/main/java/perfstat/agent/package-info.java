/**
 * The agent's entry ({@link perfstat.agent.Agent}: premain, agentmain), its options
 * ({@link perfstat.agent.AgentOptions}, the one type both the CLI and the agent use, each option
 * one {@link perfstat.agent.AgentOption} declared there with its {@link perfstat.agent.OptionType}) and its
 * lifecycle ({@link perfstat.agent.AgentSession}, with {@link perfstat.agent.StartUp}, the part of its start
 * that runs beside JFR's). Loads in Java 17 targets. Must not depend on
 * picocli, the CLI or the models; nothing here may throw into the host.
 */
package perfstat.agent;
