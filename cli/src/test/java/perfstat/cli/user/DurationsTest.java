package perfstat.cli.user;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void parsesTheUnitsUsersWrite() {
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("10s")).isEqualTo(Duration.ofSeconds(10));
        assertThat(Durations.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse("7")).isEqualTo(Duration.ofSeconds(7));
    }

    @Test
    void rejectsOtherText() {
        assertThatThrownBy(() -> Durations.parse("10 sec")).hasMessageContaining("10 sec");
        assertThatThrownBy(() -> Durations.parse("-1s")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Durations.parse("s")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void formatsShortly() {
        assertThat(Durations.format(Duration.ofSeconds(10))).isEqualTo("10 s");
        assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1500 ms");
        assertThat(Durations.format(Duration.ofMinutes(2))).isEqualTo("2 min");
    }
}
