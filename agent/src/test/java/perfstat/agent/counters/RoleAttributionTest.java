package perfstat.agent.counters;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import perfstat.format.ThreadRole;

/** Later-born threads moved from the role whose inherited perf counter holds them to their own, within bounds. */
class RoleAttributionTest {
    private static final int APP = ThreadRole.APPLICATION.ordinal();
    private static final int GC = ThreadRole.GC.ordinal();
    private static final int JIT = ThreadRole.JIT.ordinal();
    private static final int JVM = ThreadRole.JVM_RUNTIME.ordinal();
    private static final int OBS = ThreadRole.OBSERVER.ordinal();

    private static long[] roles() {
        return new long[ThreadRole.values().length];
    }

    @Test
    void workersOfTheirOwnRoleStayWhereTheyAre() {
        long[] perf = roles();
        long[] own = roles();
        long[] born = roles();
        perf[APP] = 1_900; // main and the two workers it started
        own[APP] = 10;
        born[APP] = 1_850;
        perf[JIT] = 200; // a compiler thread added by a compiler thread
        own[JIT] = 150;
        born[JIT] = 50;
        assertThat(RoleAttribution.attribute(perf, own, born)).containsExactly(perf);
    }

    @Test
    void aGcWorkerTheVmThreadStartedAndPerfstatsThreadMainStartedMoveToTheirRoles() {
        long[] perf = roles();
        long[] own = roles();
        long[] born = roles();
        // main's own, perfstat's counter thread (seen: 30), 10 of it after its last read, and 900 of workers main started
        // that ended unseen: more room than the VM Thread's, but a GC worker is the VM Thread's to start
        perf[APP] = 1_000 + 40 + 900;
        own[APP] = 1_000;
        born[OBS] = 30;
        perf[JVM] = 500 + 300; // the VM Thread's own and the GC worker it added
        own[JVM] = 500;
        born[GC] = 300;
        perf[GC] = 200;
        own[GC] = 200;
        long[] out = RoleAttribution.attribute(perf, own, born);
        assertThat(out[APP]).isEqualTo(1_910);
        assertThat(out[OBS]).isEqualTo(30);
        assertThat(out[JVM]).isEqualTo(500);
        assertThat(out[GC]).isEqualTo(500);
        assertThat(Arrays.stream(out).sum()).isEqualTo(Arrays.stream(perf).sum());
    }

    @Test
    void aMoveNeverTakesARoleBelowItsOwnThreads() {
        long[] perf = roles();
        long[] own = roles();
        long[] born = roles();
        perf[JVM] = 520; // room for 20 only, where schedstat saw 300 of later-born GC workers (skew, or a wrong name)
        own[JVM] = 500;
        perf[JIT] = 110; // room for 10, taken after the likely creator's
        own[JIT] = 100;
        born[GC] = 300;
        long[] out = RoleAttribution.attribute(perf, own, born);
        assertThat(out[JVM]).isEqualTo(500);
        assertThat(out[JIT]).isEqualTo(100);
        assertThat(out[GC]).isEqualTo(30);
        assertThat(Arrays.stream(out).sum()).isEqualTo(Arrays.stream(perf).sum());
    }
}
