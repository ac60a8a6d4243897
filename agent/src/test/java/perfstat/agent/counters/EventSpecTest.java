package perfstat.agent.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class EventSpecTest {

    @Test
    void perfNamesMapToTheKernelsTypeAndConfig() {
        assertThat(EventSpec.parse("task-clock")).extracting(EventSpec::type, EventSpec::config).containsExactly(1, 1L);
        assertThat(EventSpec.parse("cs")).extracting(EventSpec::type, EventSpec::config).containsExactly(1, 3L);
        assertThat(EventSpec.parse("cycles")).extracting(EventSpec::type, EventSpec::config).containsExactly(0, 0L);
        assertThat(EventSpec.parse("instructions")).extracting(EventSpec::type, EventSpec::config).containsExactly(0, 1L);
        assertThat(EventSpec.parse("branch-misses")).extracting(EventSpec::type, EventSpec::config).containsExactly(0, 5L);
        assertThat(EventSpec.parse("major-faults")).extracting(EventSpec::type, EventSpec::config).containsExactly(1, 6L);
        assertThat(EventSpec.parse("r01c2")).extracting(EventSpec::type, EventSpec::config).containsExactly(4, 0x1c2L);
    }

    @Test
    void modifiersAsPerfReadsThem() {
        EventSpec u = EventSpec.parse("cycles:u");
        assertThat(u.excludeKernel()).isTrue();
        assertThat(u.excludeUser()).isFalse();
        assertThat(u.name()).isEqualTo("cycles:u");
        EventSpec k = EventSpec.parse("cycles:k");
        assertThat(k.excludeUser()).isTrue();
        assertThat(k.excludeKernel()).isFalse();
        EventSpec uk = EventSpec.parse("cycles:uk");
        assertThat(uk.excludeUser() || uk.excludeKernel()).isFalse();
        assertThat(EventSpec.parse("task-clock").userOnly().name()).isEqualTo("task-clock:u");
    }

    @Test
    void badNamesAreOneLineErrors() {
        assertThatThrownBy(() -> EventSpec.parse("cycels")).hasMessageContaining("unknown event 'cycels'");
        assertThatThrownBy(() -> EventSpec.parse("cycles:x")).hasMessageContaining("unknown modifier 'x'");
        assertThatThrownBy(() -> EventSpec.parseList(" , ")).hasMessageContaining("no events");
        assertThat(EventSpec.parseList("task-clock,cycles;page-faults")).hasSize(3);
    }

    @Test
    void attrIsStructPerfEventAttrVer0() {
        ByteBuffer b = ByteBuffer.wrap(EventSpec.parse("instructions:u").attr(true)).order(ByteOrder.nativeOrder());
        assertThat(b.capacity()).isEqualTo(64);
        assertThat(b.getInt(0)).isEqualTo(0);               // PERF_TYPE_HARDWARE
        assertThat(b.getInt(4)).isEqualTo(64);              // size
        assertThat(b.getLong(8)).isEqualTo(1);              // PERF_COUNT_HW_INSTRUCTIONS
        assertThat(b.getLong(16)).isZero();                 // counting, not sampling
        assertThat(b.getLong(32)).isEqualTo(3);             // TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING
        long flags = b.getLong(40);
        assertThat(flags & 1).as("disabled").isZero();
        assertThat(flags & 2).as("inherit").isEqualTo(2);
        assertThat(flags & (1 << 4)).as("exclude_user").isZero();
        assertThat(flags & (1 << 5)).as("exclude_kernel").isNotZero();
        assertThat(flags & (1 << 6)).as("exclude_hv").isNotZero();
        assertThat(ByteBuffer.wrap(EventSpec.parse("task-clock").attr(false)).order(ByteOrder.nativeOrder()).getLong(40))
                .isZero();
    }
}
