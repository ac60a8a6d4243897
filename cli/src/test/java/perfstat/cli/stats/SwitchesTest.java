package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RunData;

/** A run that warms up at a known iteration, with a compilation ending just before it and a GC far from it. */
class SwitchesTest {
    private static RunData run(List<RunData.Moment> moments, Instant[] ends, long[] walls) {
        long[] none = new long[walls.length];
        RunData.IterationSeries s = new RunData.IterationSeries("a.Bench::step", ends, walls, walls.clone(), none, 0, 1,
                moments);
        return RunData.of("r").withProgramScore(RunData.ProgramScore.of(s));
    }

    @Test
    void aCompilationJustBeforeTheChangeIsNamedAndChanceIsSaid() {
        int n = 80;
        Instant[] ends = new Instant[n];
        long[] walls = new long[n];
        Random rnd = new Random(7);
        Instant t = Instant.EPOCH;
        for (int i = 0; i < n; i++) {
            walls[i] = (i < 40 ? 2_000_000 : 1_000_000) + rnd.nextInt(20_000);
            t = t.plusNanos(walls[i]);
            ends[i] = t;
        }
        List<RunData.Moment> moments = new ArrayList<>();
        // in time order, as the reader gives them: a GC far from the change, then the compilation during iteration 39,
        // the last slow one, whose code runs from iteration 40
        moments.add(new RunData.Moment(RunData.Moment.Kind.GC, ends[10], ends[10].plusNanos(100_000), "G1New", "G1 Evacuation Pause"));
        moments.add(new RunData.Moment(RunData.Moment.Kind.COMPILED, ends[39].minusNanos(500_000), ends[39].minusNanos(500_000),
                "Bench::step", "C2"));
        Switches.Side s = Switches.side(List.of(run(moments, ends, walls)), "A");
        assertThat(s).isNotNull();
        assertThat(s.switches()).isEqualTo(1);
        assertThat(s.faster()).isEqualTo(1);
        assertThat(s.compiled()).isEqualTo(1);
        assertThat(s.gcs()).isZero();
        assertThat(s.nothing()).isZero();
        assertThat(s.methods()).containsEntry("Bench::step (C2)", 1);
        // 3 of the 79 spans hold the compilation, 3 or 4 the GC
        assertThat(s.compiledAnywherePct()).isBetween(2.0, 6.0);
        assertThat(s.gcAnywherePct()).isBetween(2.0, 6.0);
        assertThat(perfstat.cli.render.NoteText.of(new Note.LevelChanges(s)))
                .startsWith("A: its runs change level 1 time (1 to a faster level); near a change the recordings show a"
                        + " compilation ending at 1 (100%; most often Bench::step (C2) at 1)");
    }

    @Test
    void aFlatRunHasNoChangeToSay() {
        int n = 60;
        Instant[] ends = new Instant[n];
        long[] walls = new long[n];
        Random rnd = new Random(3);
        for (int i = 0; i < n; i++) {
            walls[i] = 1_000_000 + rnd.nextInt(20_000);
            ends[i] = Instant.EPOCH.plusMillis(i + 1);
        }
        assertThat(Switches.side(List.of(run(List.of(), ends, walls)), "A")).isNull();
    }
}
