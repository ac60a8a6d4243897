package perfstat.format;

/** How a probed method's name prints short. The one place perfstat shortens a method's name. */
public final class ProbeNames {
    /**
     * The line number the agent gives the instructions it writes into a probed method (its timing on entry and exit),
     * so that a method sample taken in them reads as perfstat's probes, not as the method's own code: the largest line
     * a class file can hold, which no source line of a method reaches in practice. The method's own instructions keep
     * their lines.
     */
    public static final int PROBE_LINE = 65_535;

    private ProbeNames() {
    }

    /** {@code pkg.Outer$Inner::method} as {@code Outer$Inner::method}; a name without a package as it is. */
    public static String simple(String method) {
        int sep = method.indexOf("::");
        String cls = sep < 0 ? method : method.substring(0, sep);
        return cls.substring(cls.lastIndexOf('.') + 1) + (sep < 0 ? "" : method.substring(sep));
    }
}
