package perfstat.models.writepath;

import java.util.Map;

/** Invariants every write-path workload checks when it finishes. */
final class WritePathChecks {
    private WritePathChecks() {
    }

    /** Writer counts balance to zero and the "leak detected" state was never reached. */
    static void balanced(Map<String, Long> counters) {
        if (counters.get("writers_at_end") != 0) {
            throw new IllegalStateException("writer count did not return to zero: " + counters.get("writers_at_end"));
        }
        if (counters.get("leak_warnings") != 0) {
            throw new IllegalStateException("leak detected on mount: writer count went negative");
        }
    }
}
