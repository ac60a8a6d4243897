package perfstat.models.writepath;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A test-side witness of write access, kept apart from every tracking algorithm: the
 * shared VFS code raises {@link #holders} after a successful want and lowers it before
 * the matching drop. A remount that succeeds while it is above zero, or a want that
 * succeeds on a read-only mount, is a violation of what writer tracking promises.
 * Workloads leave it null: it costs one branch when absent.
 */
public final class WriteAccessAudit {
    final AtomicInteger holders = new AtomicInteger();
    final AtomicLong violations = new AtomicLong();

    public int holders() {
        return holders.get();
    }

    public long violations() {
        return violations.get();
    }

    void violation() {
        violations.incrementAndGet();
    }
}
