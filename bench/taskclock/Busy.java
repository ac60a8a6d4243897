/**
 * Two threads each do a fixed amount of arithmetic (about 0.9 s of CPU on an idle core), sleeping
 * 1 ms between 40 slices of it, after touching 32 MB of fresh pages each (64 MB in all); main joins them.
 * The work is fixed, not timed, so that its CPU time does not depend on how loaded the machine is.
 */
public class Busy {
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        long perSlice = args.length > 0 ? Long.parseLong(args[0]) : 25_000_000L;
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++) {
            ts[i] = new Thread(() -> work(perSlice), "busy-" + i);
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
    }

    static void work(long perSlice) {
        byte[][] pages = new byte[8][];
        for (int i = 0; i < 8; i++) {
            pages[i] = new byte[4 << 20];
            for (int j = 0; j < pages[i].length; j += 4096) {
                pages[i][j] = 1;
            }
        }
        long x = 0;
        for (int slice = 0; slice < 40; slice++) {
            for (long k = 0; k < perSlice; k++) {
                x += k * 31 ^ (x >>> 3);
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
        }
        sink = x + pages.length;
    }
}
