package perfstat.agent.counters;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One counter as perf names it: {@code task-clock}, {@code cycles:u}, {@code r01c2}.
 *
 * @param name         the name as the user gave it, modifiers included (perf prints it so)
 * @param type         perf_event_attr.type (0 hardware, 1 software, 4 raw)
 * @param config       perf_event_attr.config
 * @param excludeUser  the {@code :k} modifier
 * @param excludeKernel the {@code :u} modifier (also excludes the hypervisor, as perf does)
 */
public record EventSpec(String name, int type, long config, boolean excludeUser, boolean excludeKernel) {
    public static final int TYPE_HARDWARE = 0;
    public static final int TYPE_SOFTWARE = 1;
    public static final int TYPE_RAW = 4;

    /** perf stat's default set, in its order. */
    public static final List<String> DEFAULT_EVENTS = perfstat.format.PerfEvent.defaults();

    /** PERF_ATTR_SIZE_VER0: every kernel with perf_event_open accepts it. */
    static final int ATTR_SIZE = 64;
    static final long READ_FORMAT_TOTAL_TIME_ENABLED = 1;
    static final long READ_FORMAT_TOTAL_TIME_RUNNING = 2;
    private static final long FLAG_INHERIT = 1L << 1;
    private static final long FLAG_EXCLUDE_USER = 1L << 4;
    private static final long FLAG_EXCLUDE_KERNEL = 1L << 5;
    private static final long FLAG_EXCLUDE_HV = 1L << 6;

    /** perf's symbolic names (linux/perf_event.h: perf_hw_id, perf_sw_ids), aliases included. */
    private static final Object[][] NAMES = {
            {"cpu-cycles", TYPE_HARDWARE, 0}, {"cycles", TYPE_HARDWARE, 0},
            {"instructions", TYPE_HARDWARE, 1},
            {"cache-references", TYPE_HARDWARE, 2}, {"cache-misses", TYPE_HARDWARE, 3},
            {"branch-instructions", TYPE_HARDWARE, 4}, {"branches", TYPE_HARDWARE, 4},
            {"branch-misses", TYPE_HARDWARE, 5}, {"bus-cycles", TYPE_HARDWARE, 6},
            {"stalled-cycles-frontend", TYPE_HARDWARE, 7}, {"idle-cycles-frontend", TYPE_HARDWARE, 7},
            {"stalled-cycles-backend", TYPE_HARDWARE, 8}, {"idle-cycles-backend", TYPE_HARDWARE, 8},
            {"ref-cycles", TYPE_HARDWARE, 9},
            {"cpu-clock", TYPE_SOFTWARE, 0}, {"task-clock", TYPE_SOFTWARE, 1},
            {"page-faults", TYPE_SOFTWARE, 2}, {"faults", TYPE_SOFTWARE, 2},
            {"context-switches", TYPE_SOFTWARE, 3}, {"cs", TYPE_SOFTWARE, 3},
            {"cpu-migrations", TYPE_SOFTWARE, 4}, {"migrations", TYPE_SOFTWARE, 4},
            {"minor-faults", TYPE_SOFTWARE, 5}, {"major-faults", TYPE_SOFTWARE, 6},
            {"alignment-faults", TYPE_SOFTWARE, 7}, {"emulation-faults", TYPE_SOFTWARE, 8},
    };

    /** perf's name without its modifiers: {@code task-clock:u} as {@code task-clock}. The one place they are cut off. */
    public static String baseName(String event) {
        return perfstat.format.CounterEvents.baseName(event);
    }

    /** Whether an event (perf's name without modifiers) counts CPU time, in nanoseconds. The one place this is decided. */
    public static boolean isClock(String baseName) {
        return perfstat.format.CounterEvents.isClock(baseName);
    }

    /** Parses one event; throws IllegalArgumentException with a one-line message. */
    public static EventSpec parse(String text) {
        String s = text.trim();
        String base = s;
        String mods = "";
        int colon = s.indexOf(':');
        if (colon >= 0) {
            base = s.substring(0, colon);
            mods = s.substring(colon + 1);
        }
        boolean u = false;
        boolean k = false;
        for (char c : mods.toCharArray()) {
            switch (c) {
                case 'u' -> u = true;
                case 'k' -> k = true;
                default -> throw new IllegalArgumentException("event '" + s + "': unknown modifier '" + c + "' (perfstat knows u and k)");
            }
        }
        // perf: ":u" counts user only, ":k" kernel only, both or neither count both
        boolean exclUser = k && !u;
        boolean exclKernel = u && !k;
        String lower = base.toLowerCase(Locale.ROOT);
        for (Object[] n : NAMES) {
            if (n[0].equals(lower)) {
                return new EventSpec(s, (Integer) n[1], ((Integer) n[2]).longValue(), exclUser, exclKernel);
            }
        }
        if (lower.matches("r[0-9a-f]{1,16}")) {
            return new EventSpec(s, TYPE_RAW, Long.parseUnsignedLong(lower.substring(1), 16), exclUser, exclKernel);
        }
        throw new IllegalArgumentException("unknown event '" + s + "' (perf's names, e.g. task-clock, cycles, "
                + "page-faults, or a raw rNNNN)");
    }

    /** Parses a list separated by commas or semicolons. */
    public static List<EventSpec> parseList(String text) {
        List<EventSpec> out = new ArrayList<>();
        for (String part : text.split("[,;]")) {
            if (!part.isBlank()) {
                out.add(parse(part));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no events in '" + text + "'");
        }
        return out;
    }

    /** Every symbolic name perf knows that perfstat does too, aliases included, in perf's order. */
    public static List<String> knownNames() {
        List<String> out = new ArrayList<>();
        for (Object[] n : NAMES) {
            out.add((String) n[0]);
        }
        return out;
    }

    /** {@code hardware event} or {@code software event}, as perf list says. */
    public String kind() {
        return switch (type) {
            case TYPE_HARDWARE -> "hardware event";
            case TYPE_SOFTWARE -> "software event";
            default -> "raw event";
        };
    }

    public static List<EventSpec> defaults() {
        List<EventSpec> out = new ArrayList<>();
        for (String e : DEFAULT_EVENTS) {
            out.add(parse(e));
        }
        return out;
    }

    /** The same counter restricted to user space, named as perf names it then ({@code cycles:u}). */
    public EventSpec userOnly() {
        if (excludeKernel) {
            return this;
        }
        String base = name.contains(":") ? name.substring(0, name.indexOf(':')) : name;
        return new EventSpec(base + ":u", type, config, false, true);
    }

    /** The perf name without modifiers. */
    public String baseName() {
        return name.contains(":") ? name.substring(0, name.indexOf(':')) : name;
    }

    /** Whether the kernel counts this event itself while it runs (context switches, migrations). */
    public boolean kernelSideSoftware() {
        return type == TYPE_SOFTWARE && (config == 3 || config == 4);
    }

    /**
     * struct perf_event_attr (size VER0), little-endian as on the machines perfstat runs on:
     * counting (no sampling), enabled at once, inherited by threads created later, reading
     * value, time enabled and time running.
     */
    public byte[] attr(boolean inherit) {
        ByteBuffer b = ByteBuffer.allocate(ATTR_SIZE).order(ByteOrder.nativeOrder());
        b.putInt(0, type);
        b.putInt(4, ATTR_SIZE);
        b.putLong(8, config);
        b.putLong(32, READ_FORMAT_TOTAL_TIME_ENABLED | READ_FORMAT_TOTAL_TIME_RUNNING);
        long flags = 0;
        if (inherit) {
            flags |= FLAG_INHERIT;
        }
        if (excludeUser) {
            flags |= FLAG_EXCLUDE_USER;
        }
        if (excludeKernel) {
            flags |= FLAG_EXCLUDE_KERNEL | FLAG_EXCLUDE_HV;
        }
        b.putLong(40, flags);
        return b.array();
    }
}
