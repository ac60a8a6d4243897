package perfstat.models.writepath;

/**
 * {@code xtime}: wall time as the kernel's file timestamps see it, advanced once per
 * tick by a timer thread (HZ=250, the 2009 default), so that reading it costs one
 * load, as {@code current_fs_time} did. Shared by every variant.
 */
public final class Timekeeping implements AutoCloseable {
    /** Tick length in nanoseconds: 4 ms, CONFIG_HZ=250. */
    public static final long TICK_NS = 4_000_000L;

    private volatile long xtimeNs = System.currentTimeMillis() * 1_000_000L;
    private final Thread ticker;
    private volatile boolean running = true;

    public Timekeeping() {
        ticker = new Thread(this::tick, "xtime-tick");
        ticker.setDaemon(true);
        ticker.start();
    }

    private void tick() {
        while (running) {
            try {
                Thread.sleep(TICK_NS / 1_000_000L);
            } catch (InterruptedException e) {
                return;
            }
            xtimeNs = System.currentTimeMillis() * 1_000_000L;
        }
    }

    long xtimeNs() {
        return xtimeNs;
    }

    @Override
    public void close() {
        running = false;
        ticker.interrupt();
    }
}
