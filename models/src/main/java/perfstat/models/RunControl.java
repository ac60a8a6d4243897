package perfstat.models;

/**
 * The running model as a JMX MBean ({@code perfstat.models:type=Run}): which variant runs,
 * and a way to switch it live (perfstat attach PID --set variant=NAME), for models whose
 * variants can change under a running workload.
 */
public interface RunControl {
    String OBJECT_NAME = "perfstat.models:type=Run";

    String getModel();

    String getWorkload();

    String getVariant();

    /** Units of work done so far (the workload's own unit), for watching the rate from outside. */
    long getUnits();

    /** Switches the variant; IllegalArgumentException with a one-line reason where it cannot. */
    void setVariant(String variant);
}
