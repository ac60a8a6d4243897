package perfstat.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import perfstat.cli.stats.Title;

/** The heading's words are the renderers'; stats names what was measured and how it ran. */
class TitleTextTest {
    @Test
    void aHeadingSaysHowTheWorkloadRanAsPerfSaysIt() {
        assertThat(TitleText.of(Title.of("h2-app"))).isEqualTo("Performance counter stats for 'h2-app'");
        assertThat(TitleText.of(new Title("fstime", new Title.Workload(1, false, false, Duration.ofSeconds(10)), 1)))
                .isEqualTo("Performance counter stats for 'fstime' (1 thread, 10 s)");
        assertThat(TitleText.of(new Title("fstime", new Title.Workload(4, false, false, Duration.ofMinutes(2)), 5)))
                .isEqualTo("Performance counter stats for 'fstime' (4 threads, 2 min, 5 runs each)");
        assertThat(TitleText.of(new Title("xfs_repair", new Title.Workload(4, false, true, Duration.ZERO), 3)))
                .isEqualTo("Performance counter stats for 'xfs_repair' (4 threads, fixed work, 3 runs each)");
        assertThat(TitleText.of(new Title("tiobench", new Title.Workload(1, true, false, Duration.ZERO), 1)))
                .isEqualTo("Performance counter stats for 'tiobench' (1 task, simulated)");
    }

    @Test
    void sidesOfDifferentSizesAreCountedEachNotAsTheFirst() {
        // diff a1 a2 -- b1 b2 b3 was titled "(2 runs each)"
        assertThat(TitleText.of(new Title("App", null, java.util.List.of(2, 3))))
                .isEqualTo("Performance counter stats for 'App' (2 | 3 runs)");
        assertThat(TitleText.of(new Title("fstime", new Title.Workload(1, false, false, Duration.ofSeconds(5)), java.util.List.of(5, 4, 5))))
                .isEqualTo("Performance counter stats for 'fstime' (1 thread, 5 s, 5 | 4 | 5 runs)");
        assertThat(TitleText.of(new Title("App", null, java.util.List.of(3, 3))))
                .isEqualTo("Performance counter stats for 'App' (3 runs each)");
    }
}
