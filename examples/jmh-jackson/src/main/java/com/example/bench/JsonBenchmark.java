package com.example.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Writing and reading a small order as JSON with Jackson's ObjectMapper. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JsonBenchmark {
    public record Line(String sku, int quantity, long cents) {
    }

    public record Order(long id, String customer, List<Line> lines) {
    }

    private final ObjectMapper shared = new ObjectMapper();
    private final Order order = new Order(42, "ACME Corp.", List.of(new Line("A-1", 2, 1999), new Line("B-7", 1, 4500)));
    private final String json;

    public JsonBenchmark() {
        try {
            json = shared.writeValueAsString(order);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The mapper this benchmark writes with. */
    private ObjectMapper mapper() {
        return new ObjectMapper(); // MAPPER: one per call
    }

    @Benchmark
    public String write() throws JsonProcessingException {
        return mapper().writeValueAsString(order);
    }

    @Benchmark
    public Order read() throws JsonProcessingException {
        return shared.readValue(json, Order.class);
    }
}
