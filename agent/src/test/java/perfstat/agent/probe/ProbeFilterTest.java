package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** JEP 520's three filter forms. */
class ProbeFilterTest {

    @Test
    void classAndMethod() {
        ProbeFilter f = ProbeFilter.parse("com.example.Foo::bar");
        assertThat(f.matches("com.example.Foo", "bar")).isTrue();
        assertThat(f.matches("com.example.Foo", "baz")).isFalse();
        assertThat(f.matches("com.example.Fool", "bar")).isFalse();
    }

    @Test
    void wholeClass() {
        ProbeFilter f = ProbeFilter.parse("com.example.Foo");
        assertThat(f.matches("com.example.Foo", "anything")).isTrue();
        assertThat(f.matchesClass("com.example.Bar")).isFalse();
    }

    @Test
    void methodInAnyClass() {
        ProbeFilter f = ProbeFilter.parse("::bar");
        assertThat(f.matches("x.Y", "bar")).isTrue();
        assertThat(f.matches("x.Y", "baz")).isFalse();
        assertThat(f.toString()).isEqualTo("::bar");
    }

    @Test
    void nestedClassesUseDollar() {
        assertThat(ProbeFilter.parse("a.B$C::d").matches("a.B$C", "d")).isTrue();
    }

    @Test
    void rejectsMalformedFilters() {
        assertThatThrownBy(() -> ProbeFilter.parse("::")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProbeFilter.parse("a..B")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProbeFilter.parse("a.B::1x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProbeFilter.parse("a.B::")).isInstanceOf(IllegalArgumentException.class);
    }
}
