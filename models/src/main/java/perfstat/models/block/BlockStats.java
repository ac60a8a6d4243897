package perfstat.models.block;

import java.util.Arrays;
import java.util.Map;

/**
 * What blktrace would have logged, counted as blkparse totals them (docs/models/block.md):
 * Q bios queued, M/F back and front merges, G requests allocated, S allocators that slept,
 * P plugs, U explicit unplugs ("IO unplugs"), UT timer unplugs, D dispatches ("Write
 * Dispatches"), C completions; plus the request size at D and each bio's time from Q to C.
 */
final class BlockStats {
    long queued;
    long queuedBytes;
    long backMerges;
    long frontMerges;
    long requestMerges;
    long getRequests;
    long sleeps;
    long plugs;
    long ioUnplugs;
    long timerUnplugs;
    long dispatches;
    long dispatchedBytes;
    long completed;
    long completedBytes;
    /** The same for reads (tiobench's read test): queued, merged, allocated, dispatched, completed. */
    long readQueued;
    long readMerges;
    long readRequestMerges;
    long readGetRequests;
    long readDispatches;
    long readCompleted;
    long readBytes;
    /** Requests dispatched, by size in pages (1..128). */
    final long[] sizes = new long[RequestQueue.MAX_SECTORS / Bio.SECTORS + 1];
    /** Queue-to-completion times of bios, in microseconds. */
    private int[] q2c = new int[1 << 16];
    private int q2cCount;

    void queued(Bio b) {
        if (b.read) {
            readQueued++;
            return;
        }
        queued++;
        queuedBytes += Bio.SECTORS * 512L;
    }

    void backMerge(Bio b) {
        if (b.read) {
            readMerges++;
        } else {
            backMerges++;
        }
    }

    void frontMerge(Bio b) {
        if (b.read) {
            readMerges++;
        } else {
            frontMerges++;
        }
    }

    void requestMerge(Request rq) {
        if (rq.read) {
            readRequestMerges++;
        } else {
            requestMerges++;
        }
    }

    void getRequest(Bio b) {
        if (b.read) {
            readGetRequests++;
        } else {
            getRequests++;
        }
    }

    void sleepForRequest() {
        sleeps++;
    }

    void plug() {
        plugs++;
    }

    void unplugIo() {
        ioUnplugs++;
    }

    void unplugTimer() {
        timerUnplugs++;
    }

    void issue(Request rq) {
        if (rq.read) {
            readDispatches++;
            return;
        }
        dispatches++;
        dispatchedBytes += rq.sectors * 512L;
        sizes[rq.sectors / Bio.SECTORS]++;
    }

    void complete(Request rq, long now) {
        if (rq.read) {
            readCompleted++;
            readBytes += rq.sectors * 512L;
            return;
        }
        completed++;
        completedBytes += rq.sectors * 512L;
        for (Bio b : rq.bios) {
            if (q2cCount == q2c.length) {
                q2c = Arrays.copyOf(q2c, q2c.length * 2);
            }
            q2c[q2cCount++] = (int) Math.min(Integer.MAX_VALUE, (now - b.queuedAt) / 1000);
        }
    }

    /** The p-th percentile (0..100) of request sizes at dispatch, in KiB. */
    long sizeKibPercentile(double p) {
        long total = dispatches;
        if (total == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(p / 100 * total);
        long seen = 0;
        for (int pages = 1; pages < sizes.length; pages++) {
            seen += sizes[pages];
            if (seen >= Math.max(1, rank)) {
                return pages * 4L;
            }
        }
        return (sizes.length - 1) * 4L;
    }

    /** The p-th percentile (0..100) of bio queue-to-completion times, in microseconds. */
    long q2cPercentile(double p) {
        if (q2cCount == 0) {
            return 0;
        }
        int[] sorted = Arrays.copyOf(q2c, q2cCount);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100 * q2cCount);
        return sorted[Math.max(0, Math.min(q2cCount - 1, rank - 1))];
    }

    void put(Map<String, Long> m) {
        m.put("writes_queued", queued);
        m.put("write_dispatches", dispatches);
        m.put("write_merges", backMerges + frontMerges);
        m.put("back_merges", backMerges);
        m.put("front_merges", frontMerges);
        m.put("request_merges", requestMerges);
        m.put("writes_completed", completed);
        m.put("io_unplugs", ioUnplugs);
        m.put("timer_unplugs", timerUnplugs);
        m.put("plugs", plugs);
        m.put("get_requests", getRequests);
        m.put("sleep_requests", sleeps);
        m.put("mib_queued", queuedBytes >> 20);
        m.put("mib_completed", completedBytes >> 20);
        m.put("request_kib_avg", dispatches == 0 ? 0 : dispatchedBytes / dispatches / 1024);
        m.put("request_kib_p10", sizeKibPercentile(10));
        m.put("request_kib_p50", sizeKibPercentile(50));
        m.put("request_kib_p90", sizeKibPercentile(90));
        m.put("q2c_us_p50", q2cPercentile(50));
        m.put("q2c_us_p99", q2cPercentile(99));
        m.put("q2c_us_max", q2cPercentile(100));
        if (readQueued > 0) {
            m.put("reads_queued", readQueued);
            m.put("read_dispatches", readDispatches);
            m.put("read_merges", readMerges);
            m.put("reads_completed", readCompleted);
            m.put("read_mib", readBytes >> 20);
            m.put("read_kib_avg", readDispatches == 0 ? 0 : readBytes / readDispatches / 1024);
        }
    }
}
