package perfstat.itapp;

import java.util.ArrayList;
import java.util.List;

/**
 * Methods of every shape a probe must keep as they are: constructors (one delegating), each kind of return value,
 * a try/catch/finally whose locals change type, a method that always throws, and overloads; main prints a checksum
 * of everything they computed, which a probe must not change. {@code ProbeShapes N}: N calls of each.
 */
public final class ProbeShapes {
    private static int finallies;
    private final String label;

    ProbeShapes(String label) {
        super();
        this.label = label;
    }

    ProbeShapes(int n) {
        this(n % 2 == 0 ? "even" : "odd");
    }

    static int add(int a, int b) {
        return a + b;
    }

    static double twice(double x) {
        return x * 2;
    }

    static long mixed(int k) {
        Object o = k % 2 == 0 ? (Object) "s" : (Object) Integer.valueOf(k);
        try {
            if (k % 3 == 0) {
                throw new IllegalStateException("thirds");
            }
            return o.hashCode();
        } catch (IllegalStateException e) {
            return -1;
        } finally {
            finallies++;
        }
    }

    static void fail(int k) {
        if (k >= 0) {
            throw new IllegalArgumentException("always");
        }
    }

    static List<String> wrap(CharSequence c) {
        List<String> l = new ArrayList<>();
        l.add(c.toString());
        return l;
    }

    static List<String> wrap(CharSequence c, int times) {
        List<String> l = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            l.add(c.toString());
        }
        return l;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long sum = 0;
        int thrown = 0;
        for (int i = 0; i < n; i++) {
            sum += add(i, 1) + mixed(i) + (long) twice(i) + wrap("x" + i).size() + wrap("y", 2).size()
                    + new ProbeShapes(i).label.length();
            try {
                fail(i);
            } catch (IllegalArgumentException e) {
                thrown++;
            }
        }
        System.out.println("sum=" + sum + " thrown=" + thrown + " finallies=" + finallies);
    }
}
