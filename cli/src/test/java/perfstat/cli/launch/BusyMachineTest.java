package perfstat.cli.launch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** compare's warning before its runs: where other processes already use half a CPU or more, and only there. */
class BusyMachineTest {
    @Test
    void warnsFromHalfACpuOfOtherProcesses() {
        assertThat(BusyMachine.warning("compare", 0.49, 2)).isNull();
        assertThat(BusyMachine.warning("compare", Double.NaN, 2)).isNull(); // /proc/stat unreadable: nothing to say
        assertThat(BusyMachine.warning("compare", 1.62, 2)).isEqualTo("perfstat compare: the machine is busy before the runs"
                + " start: 1.62 of 2 CPUs used by other processes over 500 ms; the runs will share it, and their tables name"
                + " the runs that shared it most");
    }

    @Test
    void theLookReadsThisMachine() {
        double others = BusyMachine.otherCpus();
        assertThat(others).isBetween(0.0, (double) Runtime.getRuntime().availableProcessors() + 0.1);
    }
}
