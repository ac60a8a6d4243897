package perfstat.testapp;

/** Overloads of one name, of which a merged probe by signature names one. */
public final class MergedSignature {
    private MergedSignature() {
    }

    public static int m(int x) {
        return x + 1;
    }

    public static int m(String s) {
        return s.length();
    }
}
