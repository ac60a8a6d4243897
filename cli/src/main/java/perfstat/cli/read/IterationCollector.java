package perfstat.cli.read;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import perfstat.cli.user.UserError;
import perfstat.format.Events;
import perfstat.format.SeriesCodec;

/**
 * The iterations of the method that agent option {@code iteration=} names (perfstat.Iterations, format 13): the blocks
 * the agent wrote at each chunk's end, put in the run's order by their first index; the same block twice (a recording
 * read with its copy's chunk) counts once.
 */
final class IterationCollector implements Collector {
    private final String name;
    private final List<Block> blocks = new ArrayList<>();
    private String method;
    private long dropped;
    private long threads;

    private record Block(long first, Instant[] ends, long[] wallNs, long[] cpuNs, long[] allocatedBytes) {
    }

    IterationCollector(String name) {
        this.name = name;
    }

    @Override
    public void register(Handlers h) {
        h.on(Events.Iterations.NAME, this::block);
    }

    private void block(RecordedEvent e) {
        int count = e.getInt(Events.Iterations.COUNT);
        long[] ends;
        long[] walls;
        long[] cpus;
        long[] bytes;
        try {
            ends = SeriesCodec.decode(e.getString(Events.Iterations.ENDS), count);
            walls = SeriesCodec.decode(e.getString(Events.Iterations.WALL_NS), count);
            cpus = SeriesCodec.decode(e.getString(Events.Iterations.CPU_NS), count);
            bytes = SeriesCodec.decode(e.getString(Events.Iterations.ALLOCATED_BYTES), count);
        } catch (IllegalArgumentException | NullPointerException ex) {
            throw UserError.data(name + ": a block of iterations (perfstat.Iterations) does not decode", ex);
        }
        // the ends measured back from the event's start: the first from it, each later one from the one before
        Instant[] at = new Instant[count];
        long back = 0;
        for (int i = 0; i < count; i++) {
            back = i == 0 ? ends[0] : back - ends[i];
            at[i] = e.getStartTime().minusNanos(back);
        }
        method = e.getString(Events.Iterations.METHOD);
        dropped = Math.max(dropped, e.getLong(Events.Iterations.DROPPED));
        threads = Math.max(threads, e.getLong(Events.Iterations.THREADS));
        blocks.add(new Block(e.getLong(Events.Iterations.FIRST), at, walls, cpus, bytes));
    }

    /**
     * The run's iterations; none (an empty series) where the agent's options ({@code agentOptions}, as recorded) name
     * an iteration method that was never called, so that its row can say so; null where there is no iteration method.
     */
    RunData.IterationSeries result(String agentOptions) {
        if (blocks.isEmpty()) {
            String named = named(agentOptions);
            return named == null ? null : new RunData.IterationSeries(named, new Instant[0], new long[0], new long[0],
                    new long[0], 0, 0);
        }
        blocks.sort(Comparator.comparingLong(Block::first));
        List<Block> kept = new ArrayList<>();
        long next = 0;
        for (Block b : blocks) {
            if (b.first() < next) {
                continue; // a block read twice
            }
            kept.add(b);
            next = b.first() + b.wallNs().length;
        }
        int n = kept.stream().mapToInt(b -> b.wallNs().length).sum();
        Instant[] ends = new Instant[n];
        long[] walls = new long[n];
        long[] cpus = new long[n];
        long[] bytes = new long[n];
        int at = 0;
        for (Block b : kept) {
            int k = b.wallNs().length;
            System.arraycopy(b.ends(), 0, ends, at, k);
            System.arraycopy(b.wallNs(), 0, walls, at, k);
            System.arraycopy(b.cpuNs(), 0, cpus, at, k);
            System.arraycopy(b.allocatedBytes(), 0, bytes, at, k);
            at += k;
        }
        return new RunData.IterationSeries(method, ends, walls, cpus, bytes, dropped, threads);
    }

    /**
     * The iteration method that the recorded agent options name ({@code iteration=pkg.Class::method}, where a comma
     * inside an overload's parentheses is the method's), or null.
     */
    static String named(String agentOptions) {
        String key = "iteration=";
        if (agentOptions == null) {
            return null;
        }
        int at = agentOptions.startsWith(key) ? 0 : agentOptions.indexOf("," + key) + 1;
        if (at <= 0 && !agentOptions.startsWith(key)) {
            return null;
        }
        int depth = 0;
        int end = at + key.length();
        for (; end < agentOptions.length(); end++) {
            char c = agentOptions.charAt(end);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (c == ',' && depth <= 0) {
                break;
            }
        }
        String method = agentOptions.substring(at + key.length(), end).trim();
        return method.isEmpty() ? null : method;
    }
}
