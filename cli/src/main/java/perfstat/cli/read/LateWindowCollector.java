package perfstat.cli.read;

import jdk.jfr.consumer.RecordedEvent;
import perfstat.format.Events;

/** The counters' window as it opened late (perfstat.LateWindow, format 10): the latest event wins; null where none. */
final class LateWindowCollector implements Collector {
    private RecordedEvent latest;
    private RunData.LateWindow window;

    @Override
    public void register(Handlers h) {
        h.on(Events.LateWindow.NAME, this::lateWindow);
    }

    private void lateWindow(RecordedEvent e) {
        boolean opened = e.getBoolean(Events.LateWindow.OPENED);
        // every chunk ends with one: an opened one, or the latest, wins
        if (window == null || opened && !window.opened() || opened == window.opened() && e.getEndTime().isAfter(latest.getEndTime())) {
            latest = e;
            window = new RunData.LateWindow(e.getString(Events.LateWindow.TRIGGER), e.getString(Events.LateWindow.TARGET), opened,
                    e.getLong(Events.LateWindow.OPENED_AFTER_NS));
        }
    }

    /** The late window as recorded, or null where the run did not ask for one. */
    RunData.LateWindow result() {
        return window;
    }
}
