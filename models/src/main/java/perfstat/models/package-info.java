/**
 * The models' registry ({@code Models}), the runner that drives a workload and commits its
 * events, and the measured JVM's entry ({@code ModelMain}, whose arguments are
 * {@code ModelArgs}). JDK only: must not depend on the agent or the CLI.
 */
package perfstat.models;
