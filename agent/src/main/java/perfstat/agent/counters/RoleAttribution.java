package perfstat.agent.counters;

import perfstat.format.ThreadRole;

/**
 * task-clock by thread role from per-thread perf counters opened with {@code inherit=1} on the threads present
 * as the window opened ({@link CounterSet#roles}). Each such counter counts its thread and every thread started
 * from it (or from those) since, live or ended, so the roles of the opened threads add up to the whole process;
 * but a thread started in the window counts in the role of the thread that started it, not in its own.
 *
 * <p>Where that differs (a GC worker the VM Thread starts, perfstat's counter thread the application's main
 * thread starts), the later-born threads' CPU time seen by schedstat ({@link ThreadCounts}) is moved from the
 * role that counted it to the thread's own. What a role's counters can hold of later-born threads is bounded:
 * its perf count less its own threads' schedstat (its <i>room</i>). A later-born thread is first taken to
 * come from its own role, as far as that role's room goes (no move); the rest is moved from the role that
 * usually starts such threads in HotSpot ({@link #creator}), then from any role with room, the largest first.
 * A move never exceeds a role's room, so no role goes below its own threads' CPU time and the sum stays the
 * perf total. What a later-born thread ran after the last read that saw it, and a thread that started and
 * ended between two reads, stay in the role that started it (docs/counters.md).
 */
final class RoleAttribution {
    private RoleAttribution() {
    }

    /**
     * The role that starts threads of {@code role} in HotSpot when not that role itself: GC workers are added by the
     * VM Thread at a safepoint; JFR's and perfstat's threads, and the JVM's own lazily started ones (Attach Listener,
     * Common-Cleaner), by the application's threads; null where none is typical (compiler threads are added by the
     * compiler threads).
     */
    static ThreadRole creator(ThreadRole role) {
        return switch (role) {
            case GC -> ThreadRole.JVM_RUNTIME;
            case OBSERVER, JVM_RUNTIME -> ThreadRole.APPLICATION;
            default -> null;
        };
    }

    /**
     * Per role (indexed by {@link ThreadRole#ordinal()}): the task-clock in ns of the roles.
     *
     * @param perf the perf counts of the threads present at the opening, by their role (their descendants included)
     * @param own  those threads' own CPU time from schedstat over the same window
     * @param born the CPU time from schedstat of the threads started since, by their own role
     */
    static long[] attribute(long[] perf, long[] own, long[] born) {
        int n = perf.length;
        long[] out = perf.clone();
        long[] room = new long[n];
        long[] excess = new long[n];
        for (int r = 0; r < n; r++) {
            room[r] = Math.max(0, perf[r] - own[r]);
            long self = Math.min(born[r], room[r]);
            room[r] -= self;
            excess[r] = born[r] - self;
        }
        ThreadRole[] roles = ThreadRole.values();
        for (int r = 0; r < n; r++) {
            ThreadRole c = creator(roles[r]);
            if (c != null) {
                move(out, room, excess, c.ordinal(), r);
            }
        }
        for (int r = 0; r < n; r++) {
            while (excess[r] > 0) {
                int from = largestRoom(room, r);
                if (from < 0) {
                    break; // more later-born CPU than any counter has room for: the read's skew, left where perf put it
                }
                move(out, room, excess, from, r);
            }
        }
        return out;
    }

    private static void move(long[] out, long[] room, long[] excess, int from, int to) {
        long take = Math.min(excess[to], room[from]);
        out[from] -= take;
        out[to] += take;
        room[from] -= take;
        excess[to] -= take;
    }

    private static int largestRoom(long[] room, int not) {
        int best = -1;
        for (int r = 0; r < room.length; r++) {
            if (r != not && room[r] > 0 && (best < 0 || room[r] > room[best])) {
                best = r;
            }
        }
        return best;
    }
}
