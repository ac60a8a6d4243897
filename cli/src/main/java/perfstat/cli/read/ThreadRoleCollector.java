package perfstat.cli.read;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import perfstat.format.Events;
import perfstat.format.Phase;
import perfstat.format.ThreadRole;

/**
 * The counts by thread role (perfstat.ThreadRole, format 7): the latest batch of totals wins,
 * as for the counters; a window opened on a running agent takes the totals as it closed less
 * those as it opened. A batch without a split carries the note why. With them, each role's counts
 * of the other events (perfstat.ThreadRoleCounter, format 8), the same way.
 */
final class ThreadRoleCollector implements Collector {
    /** One event as read: its window and counts, or its note. */
    private record Read(long windowNs, RunData.RoleCount count, String note) {
    }

    private final List<Read> end = new ArrayList<>();
    private final List<Read> windowStart = new ArrayList<>();
    private final List<Read> windowEnd = new ArrayList<>();
    /** The totals as the counters' window opened late (--delay, --from): the run's counts are the end's less these. */
    private final List<Read> lateStart = new ArrayList<>();
    private final List<EventRead> eventsLateStart = new ArrayList<>();
    /** perfstat.ThreadRoleCounter's, by phase: end, window-start, window-end. */
    private final List<EventRead> eventsEnd = new ArrayList<>();
    private final List<EventRead> eventsWindowStart = new ArrayList<>();
    private final List<EventRead> eventsWindowEnd = new ArrayList<>();

    /** One role's count of one event as read, with its window. */
    private record EventRead(long windowNs, RunData.RoleEvent event) {
    }

    @Override
    public void register(Handlers h) {
        h.on(Events.ThreadRoleCounts.NAME, this::role);
        h.on(Events.ThreadRoleCounter.NAME, this::roleEvent);
    }

    private void roleEvent(RecordedEvent e) {
        ThreadRole role = ThreadRole.parse(e.getString(Events.ThreadRoleCounter.ROLE));
        if (role == null) {
            return; // a role a newer agent knows
        }
        EventRead r = new EventRead(e.getLong(Events.ThreadRoleCounter.WINDOW_NS), new RunData.RoleEvent(role,
                e.getString(Events.ThreadRoleCounter.EVENT), e.getLong(Events.ThreadRoleCounter.VALUE),
                e.getString(Events.ThreadRoleCounter.SOURCE)));
        switch (e.getString(Events.ThreadRoleCounter.PHASE)) {
            case Phase.END -> eventsEnd.add(r);
            case Phase.WINDOW_START -> eventsWindowStart.add(r);
            case Phase.WINDOW_END -> eventsWindowEnd.add(r);
            case Phase.LATE_START -> eventsLateStart.add(r);
            default -> {
            }
        }
    }

    /** The latest batch of role event counts (the largest window); for a window, as it closed less as it opened. */
    private List<RunData.RoleEvent> events(boolean window, boolean late) {
        if (late && !eventsLateStart.isEmpty()) {
            return eventDeltas(latestEvents(eventsLateStart), latestEvents(eventsEnd));
        }
        if (!window || eventsWindowEnd.isEmpty()) {
            return latestEvents(eventsEnd);
        }
        return eventDeltas(latestEvents(eventsWindowStart), latestEvents(eventsWindowEnd));
    }

    /** Each role's count of each event as the window closed less as it opened. */
    private static List<RunData.RoleEvent> eventDeltas(List<RunData.RoleEvent> opened, List<RunData.RoleEvent> closed) {
        List<RunData.RoleEvent> out = new ArrayList<>();
        for (RunData.RoleEvent c : closed) {
            long before = opened.stream().filter(o -> o.role() == c.role() && o.event().equals(c.event()))
                    .mapToLong(RunData.RoleEvent::value).findFirst().orElse(0);
            out.add(new RunData.RoleEvent(c.role(), c.event(), c.value() - before, c.source()));
        }
        return out;
    }

    private static List<RunData.RoleEvent> latestEvents(List<EventRead> reads) {
        long last = reads.stream().mapToLong(EventRead::windowNs).max().orElse(-1);
        return reads.stream().filter(r -> r.windowNs() == last).map(EventRead::event).toList();
    }

    private void role(RecordedEvent e) {
        String note = e.getString(Events.ThreadRoleCounts.NOTE);
        ThreadRole role = ThreadRole.parse(e.getString(Events.ThreadRoleCounts.ROLE));
        boolean noSplit = note != null && !note.isEmpty();
        if (role == null && !noSplit) {
            return; // a role a newer agent knows: not this reader's rows
        }
        RunData.RoleCount c = noSplit ? null : new RunData.RoleCount(role, e.getLong(Events.ThreadRoleCounts.TASK_CLOCK_NS),
                e.getLong(Events.ThreadRoleCounts.VOLUNTARY_CONTEXT_SWITCHES),
                e.getLong(Events.ThreadRoleCounts.INVOLUNTARY_CONTEXT_SWITCHES), e.getInt(Events.ThreadRoleCounts.THREADS),
                e.getString(Events.ThreadRoleCounts.SOURCE));
        Read r = new Read(e.getLong(Events.ThreadRoleCounts.WINDOW_NS), c, noSplit ? note : null);
        switch (e.getString(Events.ThreadRoleCounts.PHASE)) {
            case Phase.END -> end.add(r);
            case Phase.WINDOW_START -> windowStart.add(r);
            case Phase.WINDOW_END -> windowEnd.add(r);
            case Phase.LATE_START -> lateStart.add(r);
            default -> {
            }
        }
    }

    /** The counts of the recording, of its window ({@code window}), or from its late opening on ({@code late}). */
    RunData.Roles result(boolean window, boolean late) {
        RunData.Roles roles;
        if (late && !lateStart.isEmpty()) {
            RunData.Roles closed = latest(end);
            RunData.Roles opened = latest(lateStart);
            roles = closed.note() != null || opened.counts().isEmpty() ? closed : deltas(opened, closed);
        } else if (window && !windowEnd.isEmpty()) {
            RunData.Roles closed = latest(windowEnd);
            RunData.Roles opened = latest(windowStart);
            roles = closed.note() != null || opened.counts().isEmpty() ? closed : deltas(opened, closed);
        } else {
            roles = latest(end);
        }
        return roles.note() != null ? roles : new RunData.Roles(roles.counts(), null, events(window, late));
    }

    /** The batch with the largest window: every chunk ends with the totals so far. */
    private static RunData.Roles latest(List<Read> reads) {
        long last = reads.stream().mapToLong(Read::windowNs).max().orElse(-1);
        Map<ThreadRole, RunData.RoleCount> byRole = new EnumMap<>(ThreadRole.class);
        String note = null;
        for (Read r : reads) {
            if (r.windowNs() != last) {
                continue;
            }
            if (r.note() != null) {
                note = r.note();
            } else {
                byRole.put(r.count().role(), r.count());
            }
        }
        return new RunData.Roles(note != null ? List.of() : List.copyOf(byRole.values()), note);
    }

    private static RunData.Roles deltas(RunData.Roles opened, RunData.Roles closed) {
        Map<ThreadRole, RunData.RoleCount> before = new EnumMap<>(ThreadRole.class);
        opened.counts().forEach(c -> before.put(c.role(), c));
        List<RunData.RoleCount> out = new ArrayList<>();
        for (RunData.RoleCount c : closed.counts()) {
            RunData.RoleCount b = before.get(c.role());
            out.add(b == null ? c : new RunData.RoleCount(c.role(), c.taskClockNs() - b.taskClockNs(),
                    less(c.voluntary(), b.voluntary()), less(c.involuntary(), b.involuntary()), c.threads(), c.source()));
        }
        return new RunData.Roles(out, null);
    }

    private static long less(long a, long b) {
        return a < 0 || b < 0 ? -1 : a - b;
    }
}
