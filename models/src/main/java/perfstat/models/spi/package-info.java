/**
 * What a model is and implements: its declaration ({@code Model}: variants, each with the part
 * it gives the workloads, and workloads, each with its options' defaults and its start), a run's
 * request ({@code RunRequest}), and the prepared run the runner drives ({@code Execution},
 * {@code Simulation}, {@code Progress}). The model packages and the registry depend on it; it
 * names neither. JDK only.
 */
package perfstat.models.spi;
