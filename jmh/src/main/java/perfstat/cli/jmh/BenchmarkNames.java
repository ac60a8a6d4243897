package perfstat.cli.jmh;

import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;

/** A benchmark and its {@code @Param} values, as the host names recordings and the fork writes its events. */
final class BenchmarkNames {
    private BenchmarkNames() {
    }

    /** The benchmark and its parameters as a file name: {@code com.example.MyBench.run-size=10}. */
    static String recordingName(BenchmarkParams params) {
        StringBuilder b = new StringBuilder(params.getBenchmark());
        paramValues(params).forEach(kv -> b.append('-').append(kv));
        return b.toString().replaceAll("[^A-Za-z0-9._=-]", "_");
    }

    /** The benchmark's @Param values as {@code key=value}, in JMH's order. */
    static List<String> paramValues(BenchmarkParams params) {
        List<String> kv = new ArrayList<>();
        for (String k : params.getParamsKeys()) {
            kv.add(k + "=" + params.getParam(k));
        }
        return kv;
    }
}
