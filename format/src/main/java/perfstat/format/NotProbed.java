package perfstat.format;

/**
 * Why a method that a probe pattern matched was not probed, as {@code perfstat.NotProbed}'s {@code reason} field
 * carries it (format 11). One enum for writer and reader: the agent writes {@link #text()}, the reader parses it back
 * with {@link #parse}. The method runs as it was in every case: only the probe is missing.
 */
public enum NotProbed {
    /** Its class could not be rewritten (the ClassFile API or Byte Buddy failed on it); the detail names the exception. */
    CLASS_NOT_REWRITTEN("class not rewritten"),
    /** Its class's loader cannot see perfstat's probe runtime, so a probe there could not call it. */
    LOADER_CANNOT_SEE_PROBES("loader cannot see probes"),
    /** The probe runtime already held its most probes. */
    PROBE_LIMIT("probe limit"),
    /** A native method: no bytecode to put a probe in. */
    NATIVE("native"),
    /** An abstract method: no bytecode to put a probe in. */
    ABSTRACT("abstract"),
    /** A JDK class that perfstat's probe itself runs through: a probe there would call itself. */
    PROBE_PATH("probe path"),
    /** A JDK class, where the probe runtime is not on the boot class path, so the JDK's classes cannot call it. */
    NOT_ON_BOOT_CLASS_PATH("not on boot class path"),
    /** A reason this reader does not know (a newer agent's). */
    OTHER("other");

    private final String text;

    NotProbed(String text) {
        this.text = text;
    }

    /** The text in the recording's {@code reason} field. */
    public String text() {
        return text;
    }

    /** The reason of a recording's text; {@link #OTHER} for anything else (null included). */
    public static NotProbed parse(String s) {
        for (NotProbed r : values()) {
            if (r.text.equals(s)) {
                return r;
            }
        }
        return OTHER;
    }
}
