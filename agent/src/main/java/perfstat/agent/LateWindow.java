package perfstat.agent;

import perfstat.agent.events.LateWindowEvent;
import perfstat.agent.probe.ProbeFilter;

/**
 * The counters' window opening late (agent options {@code delay}, {@code from}), as {@code perf stat --delay} and
 * {@code --control} open perf's: after a delay from the counters' opening, or at the first call of a method, probed
 * for it ({@link perfstat.agent.probe.Probes#arm}). At the opening the session commits its totals with phase
 * {@code late-start} ({@link AgentSession#openLate}); a reader takes the run's counts as the totals at the end less
 * these. The recording says at every chunk's end whether it opened ({@code perfstat.LateWindow}), so that a window
 * that never opened (a method never called) is never read as one that did.
 *
 * <p>Assumptions and guarantees:
 * <ol>
 *   <li>It opens at most once. Nothing it does throws into the host: the first call's thread runs the opening inside
 *       the probe's rare path, which counts any failure ({@link perfstat.agent.probe.Probes#failures()}).</li>
 *   <li>A first call before the session is ready (while the agent starts) opens the window as soon as it is.</li>
 * </ol>
 */
final class LateWindow {
    static final String DELAY = "delay";
    static final String FROM = "from";
    private final String trigger;
    private final String target;
    private final long delayMs;
    private final ProbeFilter filter;
    private AgentSession session;
    private boolean pending;
    private boolean opened;
    private long openedAfterNs = -1;
    private String thread = "";

    private LateWindow(String trigger, String target, long delayMs, ProbeFilter filter) {
        this.trigger = trigger;
        this.target = target;
        this.delayMs = delayMs;
        this.filter = filter;
    }

    /** The late window {@code o} asks for, or null where the window opens at once. */
    static LateWindow of(AgentOptions o) {
        if (o.from() != null) {
            return new LateWindow(FROM, o.from(), 0, ProbeFilter.parse(o.from()));
        }
        return o.delayMs() > 0 ? new LateWindow(DELAY, o.delayMs() + "ms", o.delayMs(), null) : null;
    }

    /** The method whose first call opens the window, or null (a delay). */
    ProbeFilter filter() {
        return filter;
    }

    /**
     * The session is ready: a first call that came before opens the window now; a delay runs out {@code sinceOpenNs}
     * sooner, the time since the counters opened, from which it counts.
     */
    void attach(AgentSession s, long sinceOpenNs) {
        synchronized (this) {
            session = s;
            if (!pending) {
                if (delayMs > 0) {
                    startDelay(Math.max(0, delayMs - sinceOpenNs / 1_000_000L));
                }
                return;
            }
        }
        open();
    }

    private void startDelay(long ms) {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                return;
            }
            open();
        }, "perfstat-delay");
        t.setDaemon(true);
        t.start();
    }

    /** The method's first call, on its thread, before it is counted ({@link perfstat.agent.probe.Probes#onFirstCall}). */
    void firstCall() {
        synchronized (this) {
            thread = Thread.currentThread().getName();
            if (session == null) {
                pending = true;
                return;
            }
        }
        open();
    }

    /** Opens the window: the session's totals as the baseline. At most once. */
    private synchronized void open() {
        if (opened || session == null) {
            return;
        }
        opened = true;
        openedAfterNs = session.openLate();
        commit();
    }

    /** The recording's perfstat.LateWindow: what opens the window, and whether it has opened. Never throws. */
    synchronized void commit() {
        try {
            LateWindowEvent e = new LateWindowEvent();
            e.trigger = trigger;
            e.target = target;
            e.opened = opened;
            e.openedAfterNs = openedAfterNs;
            e.threadName = thread;
            e.commit();
        } catch (RuntimeException | Error t) {
            // the recording says less; the host goes on
        }
    }
}
