package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/** How busy the machine was: rows judged as context (never the primary, not the summary's), and the runs that shared it named. */
class MachineRowsTest {
    private static RunData unpatched;
    private static RunData patched;

    @BeforeAll
    static void read() {
        unpatched = RecordingReader.read("../recordings/fstime-unpatched.jfr");
        patched = RecordingReader.read("../recordings/fstime-patched.jfr");
    }

    private static final MetricId OTHERS = new MetricId(MetricId.Kind.MACHINE, "machine:others", MetricId.Statistic.MEAN, "CPUs");

    /** {@code r} as if the other processes had used {@code cpus} of 2 CPUs over a 5 s window, and its threads waited 40 ms. */
    private static RunData beside(RunData r, double cpus) {
        return beside(r, cpus, 40_000_000L);
    }

    private static RunData beside(RunData r, double cpus, long waitNs) {
        long window = 5_000_000_000L;
        return r.withMachine(new RunData.Machine((long) (cpus * window), 0, waitNs, window, 2, -1, "")).withLateWindow(null);
    }

    private static List<RunData> side(RunData r, double... cpus) {
        List<RunData> out = new ArrayList<>();
        for (double c : cpus) {
            out.add(beside(r, c));
        }
        return out;
    }

    @Test
    void theMachinesRowsAreContextJudgedAloneAndNeverInTheSummary() {
        Table t = Comparison.ofColumns(List.of(side(unpatched, 0.05, 0.06, 0.04, 0.05), side(patched, 0.9, 0.95, 0.92, 0.91)));
        Row others = t.rows().stream().filter(r -> r.metric().id().equals(OTHERS)).findFirst().orElseThrow();
        assertThat(others.metric().label()).isEqualTo("machine busy (other processes) (CPUs)");
        Significance s = others.tests().get(1);
        assertThat(s.judgement().family()).isEqualTo(Significance.Family.CONTEXT);
        assertThat(s.verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT); // the neighbours did change
        assertThat(others.qValues().get(1)).isNaN(); // not among the exploratory family's
        Summary sum = t.summary().get(0);
        assertThat(java.util.stream.Stream.of(sum.better(), sum.worse(), sum.changed()).flatMap(List::stream))
                .noneMatch(m -> m.metric().kind() == MetricId.Kind.MACHINE);
        assertThat(Families.primary(t.rows(), 1).metric().kind()).isNotEqualTo(MetricId.Kind.MACHINE);
        assertThat(t.rows().stream().filter(r -> r.metric().key().equals("machine:cpu-frequency")).findFirst().orElseThrow()
                .values().get(0).status()).isEqualTo(Value.Status.NOT_SUPPORTED); // not readable: said, not 0
        assertThat(t.notes()).anyMatch(n -> n instanceof Note.SharedMachine m && m.column().equals("patched") && m.run() == -1
                && m.otherCpus() == 0.915 && m.busy() == m.runs());
    }

    @Test
    void aRunWhoseNeighboursUsedMuchMoreThanItsSidesOthersIsNamed() {
        List<Note> notes = ConditionNotes.of(List.of(side(unpatched, 0.05, 0.1, 0.9, 0.05)), List.of("A"));
        assertThat(notes).containsExactly(new Note.SharedMachine("A", 3, 0.9, 2));
        assertThat(ConditionNotes.of(List.of(side(unpatched, 0.05, 0.1, 0.2, 0.05)), List.of("A"))).isEmpty(); // quiet
        // alike on every run: the side is named once, with the median, and no run stands out
        assertThat(ConditionNotes.of(List.of(side(unpatched, 1.5, 1.6, 1.7)), List.of("A")))
                .containsExactly(new Note.SharedMachine("A", -1, 1.6, 2, 3, 3));
        // one run alone: named where its neighbours used a quarter of a CPU or more
        assertThat(ConditionNotes.of(List.of(side(unpatched, 0.3)), List.of("A"))).containsExactly(new Note.SharedMachine(null, 0, 0.3, 2));
        assertThat(ConditionNotes.of(List.of(List.of(unpatched)), List.of("A"))).isEmpty(); // recorded before format 10
    }

    /** A machine its neighbours fill already: one more shows in the run's wait for a CPU, not in their CPU. */
    @Test
    void onAFullMachineARunThatWaitedMuchLongerForACpuIsNamed() {
        double cpuNs = ConditionNotes.waitPerCpu(beside(unpatched, 1, 1_000_000_000L)) > 0
                ? 1e9 / ConditionNotes.waitPerCpu(beside(unpatched, 1, 1_000_000_000L)) : Double.NaN;
        List<RunData> side = List.of(beside(unpatched, 1.67, (long) (7 * cpuNs)), beside(unpatched, 1.66, (long) (7.6 * cpuNs)),
                beside(unpatched, 1.83, (long) (17.6 * cpuNs)));
        List<Note> notes = ConditionNotes.of(List.of(side), List.of("A"));
        assertThat(notes).contains(new Note.SharedMachine("A", -1, 1.67, 2, 3, 3));
        assertThat(notes).filteredOn(n -> n instanceof Note.WaitedForCpu).singleElement().satisfies(n -> {
            Note.WaitedForCpu w = (Note.WaitedForCpu) n;
            assertThat(w.run()).isEqualTo(3);
            assertThat(w.waitPerCpu()).isCloseTo(17.6, org.assertj.core.data.Offset.offset(0.01));
            assertThat(w.sideMedian()).isCloseTo(7.3, org.assertj.core.data.Offset.offset(0.01));
        });
        assertThat(perfstat.cli.render.NoteText.of(notes.get(notes.size() - 1))).isEqualTo("run 3 of A waited for a CPU 17.6 ms"
                + " for each ms it ran, 2.4 times its side's other runs (7.3): its neighbours wanted more of the machine (1.83"
                + " CPUs of 2 used by other processes)");
    }
}
