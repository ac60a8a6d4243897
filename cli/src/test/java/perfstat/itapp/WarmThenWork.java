package perfstat.itapp;

/**
 * A program with a warm-up before the work that matters, for perfstat's --from: {@link #step} WARM times, then
 * {@link #work} calls it WORK times, so that a probe on {@code step} counts WORK calls from {@code work}'s first call on.
 */
public final class WarmThenWork {
    private static volatile long sink;

    public static void main(String[] args) {
        int warm = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        int work = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        for (int i = 0; i < warm; i++) {
            step(i);
        }
        work(work);
        System.out.println(sink == 42 ? "" : "done");
    }

    /** The part of the run that matters. */
    static void work(int n) {
        for (int i = 0; i < n; i++) {
            step(i);
        }
    }

    /** Never called: a window opened at its first call never opens. */
    static void never() {
        sink++;
    }

    static void step(int i) {
        long x = i;
        for (int k = 0; k < 20_000; k++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        sink += x;
    }
}
