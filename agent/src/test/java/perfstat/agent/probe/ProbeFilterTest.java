package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
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

    @Test
    void signatureNamesOneOverloadBySimpleOrFullTypeNames() {
        ProbeFilter f = ProbeFilter.parse("com.fasterxml.jackson.databind.ObjectMapper::readValue(String, TypeReference)");
        assertThat(f.methodName()).isEqualTo("readValue");
        assertThat(f.parameters()).containsExactly("String", "TypeReference");
        assertThat(f.toString()).isEqualTo("com.fasterxml.jackson.databind.ObjectMapper::readValue(String,TypeReference)");
        assertThat(f.matchesParameters(List.of("java.lang.String", "com.fasterxml.jackson.core.type.TypeReference"))).isTrue();
        assertThat(f.matchesParameters(List.of("java.lang.String", "java.lang.Class"))).isFalse();
        assertThat(f.matchesParameters(List.of("java.lang.String"))).isFalse();
        ProbeFilter full = ProbeFilter.parse("a.B::c(java.lang.String,int[],java.util.Map.Entry,Object...)");
        assertThat(full.matchesParameters(List.of("java.lang.String", "int[]", "java.util.Map$Entry", "java.lang.Object[]"))).isTrue();
        assertThat(full.matchesParameters(List.of("java.lang.String", "int", "java.util.Map$Entry", "java.lang.Object[]"))).isFalse();
        assertThat(full.matchesParameters(List.of("a.String", "int[]", "java.util.Map$Entry", "java.lang.Object[]"))).isFalse();
        assertThat(ProbeFilter.parse("a.B::c()").matchesParameters(List.of())).isTrue();
        assertThat(ProbeFilter.parse("a.B::c()").matchesParameters(List.of("int"))).isFalse();
        assertThat(ProbeFilter.parse("a.B::c").matchesParameters(List.of("int"))).isTrue();
        assertThat(ProbeFilter.sameType("Entry", "java.util.Map$Entry")).isTrue();
        assertThat(ProbeFilter.sameType("ring", "java.lang.String")).isFalse();
    }

    @Test
    void malformedSignatureNamesTheBadPart() {
        assertThatThrownBy(() -> ProbeFilter.parse("a.B::c(String,Str ing)")).hasMessage("bad parameter type 'Str ing' in 'a.B::c(String,Str ing)'");
        assertThatThrownBy(() -> ProbeFilter.parse("a.B::c(String,)")).hasMessage("bad parameter type '' in 'a.B::c(String,)'");
        assertThatThrownBy(() -> ProbeFilter.parse("a.B::c(int")).hasMessage("parameter list not closed with ')' in 'a.B::c(int'"
                + " (';' separates patterns, ',' a signature's types)");
        assertThatThrownBy(() -> ProbeFilter.parse("a.B::c(int)x")).hasMessage("text after the parameter list: 'x' in 'a.B::c(int)x'");
        assertThatThrownBy(() -> ProbeFilter.parse("a.B(int)")).hasMessage("parameter types need a method name before them in 'a.B(int)'");
        assertThatThrownBy(() -> ProbeFilter.parse("a.B::c(1x)")).hasMessage("bad parameter type '1x' in 'a.B::c(1x)'");
    }
}
