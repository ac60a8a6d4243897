/**
 * The models' registry ({@code Models}), the runner that drives a workload and commits its
 * events, and the measured JVM's entry ({@code ModelMain}, whose arguments are
 * {@code ModelArgs}). The top of the models: it names the model packages, none of which names
 * it back (what a model is and implements is in {@code perfstat.models.spi}). JDK only: must
 * not depend on the agent or the CLI.
 */
package perfstat.models;
