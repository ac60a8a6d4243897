import java.nio.file.Path;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Recording;

/**
 * Writes a large recording for bench/read-speed.sh: N million events of three types that
 * perfstat does not read (as a production dump is mostly), plus the JDK's own periodic events,
 * into as many chunks as the size asks.
 *
 *   java bench/MakeRecording.java MILLIONS OUT.jfr
 */
public class MakeRecording {
    @Name("bench.Request") @Label("Request")
    static class RequestEvent extends Event {
        long id;
        String path;
        String user;
        int status;
    }

    @Name("bench.Query") @Label("Query")
    static class QueryEvent extends Event {
        long rows;
        String table;
    }

    @Name("bench.Cache") @Label("Cache")
    static class CacheEvent extends Event {
        boolean hit;
        long key;
    }

    public static void main(String[] args) throws Exception {
        long n = Long.parseLong(args[0]) * 1_000_000L;
        Path out = Path.of(args[1]);
        String[] paths = {"/a", "/b/c", "/d/e/f", "/orders", "/users/42"};
        String[] tables = {"orders", "users", "items"};
        try (Recording r = new Recording()) {
            r.enable("bench.Request").withoutStackTrace();
            r.enable("bench.Query").withoutStackTrace();
            r.enable("bench.Cache").withoutStackTrace();
            r.enable("jdk.CPULoad").withPeriod(java.time.Duration.ofSeconds(1));
            r.enable("jdk.GarbageCollection");
            r.setMaxSize(0);
            r.setToDisk(true);
            r.start();
            for (long i = 0; i < n; i++) {
                switch ((int) (i % 3)) {
                    case 0 -> {
                        RequestEvent e = new RequestEvent();
                        e.id = i;
                        e.path = paths[(int) (i % paths.length)];
                        e.user = "user-" + i + "-session-" + Long.toHexString(i * 0x9E3779B97F4A7C15L);
                        e.status = 200 + (int) (i % 5);
                        e.commit();
                    }
                    case 1 -> {
                        QueryEvent e = new QueryEvent();
                        e.rows = i % 1000;
                        e.table = tables[(int) (i % tables.length)] + "/" + Long.toHexString(i * 31);
                        e.commit();
                    }
                    default -> {
                        CacheEvent e = new CacheEvent();
                        e.hit = (i & 1) == 0;
                        e.key = i * 31;
                        e.commit();
                    }
                }
            }
            r.stop();
            r.dump(out);
        }
    }
}
