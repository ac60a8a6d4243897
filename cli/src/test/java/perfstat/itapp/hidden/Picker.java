package perfstat.itapp.hidden;

/**
 * Loaded by {@link perfstat.itapp.Unresolvable}'s loader, which gives no class files as resources: {@link #pick}
 * joins two of this package's classes in one local, so that rewriting it needs their class files.
 */
public final class Picker {
    private Picker() {
    }

    public static Object pick(int i) {
        Object o;
        if (i % 2 == 0) {
            o = new Even();
        } else {
            o = new Odd();
        }
        return o;
    }

    /** A class of its own. */
    public static final class Even {
        @Override
        public String toString() {
            return "e";
        }
    }

    /** Another. */
    public static final class Odd {
        @Override
        public String toString() {
            return "o";
        }
    }
}
