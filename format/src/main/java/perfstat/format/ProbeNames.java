package perfstat.format;

/** How a probed method's name prints short. The one place perfstat shortens a method's name. */
public final class ProbeNames {
    private ProbeNames() {
    }

    /** {@code pkg.Outer$Inner::method} as {@code Outer$Inner::method}; a name without a package as it is. */
    public static String simple(String method) {
        int sep = method.indexOf("::");
        String cls = sep < 0 ? method : method.substring(0, sep);
        return cls.substring(cls.lastIndexOf('.') + 1) + (sep < 0 ? "" : method.substring(sep));
    }
}
