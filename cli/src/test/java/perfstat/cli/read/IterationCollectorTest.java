package perfstat.cli.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IterationCollectorTest {
    @Test
    void theIterationMethodIsReadFromTheRecordedOptions() {
        assertThat(IterationCollector.named("iteration=a.B::c")).isEqualTo("a.B::c");
        assertThat(IterationCollector.named("probes=x.Y,iteration=a.B::c(int,String),timing=exact"))
                .isEqualTo("a.B::c(int,String)");
        assertThat(IterationCollector.named("probes=x.Y,from=a.B::c")).isNull();
        assertThat(IterationCollector.named("myiteration=a.B::c")).isNull();
        assertThat(IterationCollector.named(null)).isNull();
    }
}
