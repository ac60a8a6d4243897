package perfstat.bench;

import java.util.concurrent.TimeUnit;
import org.apache.commons.codec.digest.DigestUtils;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * JMH's answer on the work of bench/calibration/DigestIterations (one operation = one of its iterations: WORK SHA-256
 * digests of a 4 KB buffer with Apache Commons Codec), for the calibration's side-by-side in docs/statistics.md: the
 * same +5% change ({@code work} 200 against 210) that perfstat judges by the whole run and by the steady state.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class DigestBenchmark {
    @Param({"200", "210"})
    public int work;

    private byte[] data;

    @Setup
    public void setUp() {
        data = new byte[4096];
        new java.util.Random(42).nextBytes(data);
    }

    /** DigestIterations' iteration, as it is written there. */
    @Benchmark
    public long iteration() {
        long sum = 0;
        for (int k = 0; k < work; k++) {
            data[k & 4095]++;
            sum += DigestUtils.sha256(data)[0];
        }
        return sum;
    }
}
