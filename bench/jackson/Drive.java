import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Parses and writes JSON with Jackson: N calls of readValue(String,TypeReference), writeValueAsString, readTree.
 * {@code Drive N [CPUFILE]}: with CPUFILE (Linux), also writes there the main thread's CPU time in ns from main's
 * first line to its last, for bench/jackson-approle.sh: the kernel's count of the thread (procfs schedstat, the count
 * perfstat's roles split), read with java.io alone. Not ThreadMXBean: the agent with probes loads java.lang.management
 * before its window opens, and the program's first use of it would then cost the program less with probes than
 * without, outside the span measured (about 6 ms of the main thread's CPU on a loaded 2-core machine).
 */
public class Drive {
    public static void main(String[] args) throws Exception {
        long startNs = args.length > 1 ? cpuNs() : 0;
        int n = Integer.parseInt(args[0]);
        ObjectMapper m = new ObjectMapper();
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < 200; i++) {
            sb.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"item").append(i)
              .append("\",\"tags\":[\"a\",\"b\",\"c\"],\"score\":").append(i * 0.5).append('}');
        }
        String json = sb.append(']').toString();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            List<Map<String, Object>> items = m.readValue(json, new TypeReference<List<Map<String, Object>>>() { });
            sum += m.writeValueAsString(items).length();
            sum += m.readTree(json).size();
        }
        System.out.println(sum);
        if (args.length > 1) {
            long ns = cpuNs() - startNs;
            try (FileOutputStream out = new FileOutputStream(args[1])) {
                out.write((ns + "\n").getBytes(StandardCharsets.US_ASCII));
            }
        }
    }

    /** The calling thread's CPU time in ns: the first field of /proc/thread-self/schedstat. */
    private static long cpuNs() throws IOException {
        byte[] b = new byte[128];
        int n;
        try (FileInputStream in = new FileInputStream("/proc/thread-self/schedstat")) {
            n = in.read(b);
        }
        long v = 0;
        for (int i = 0; i < n && b[i] >= '0' && b[i] <= '9'; i++) {
            v = v * 10 + (b[i] - '0');
        }
        return v;
    }
}
