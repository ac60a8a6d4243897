package perfstat.testapp;

/** Overloads of one name, for probes by signature; loaded only once the probes are installed. */
public final class Overloads {
    private Overloads() {
    }

    public static int parse(String s) {
        return s.length();
    }

    public static int parse(String s, int radix) {
        return Integer.parseInt(s, radix);
    }

    public static int parse(char[] s) {
        return s.length + 100;
    }

    public static int parse(java.util.Map.Entry<String, Integer> e) {
        return e.getValue();
    }

    /** No overload of its name: a probe by signature still names its types. */
    public static int length(String s) {
        return s.length();
    }
}
