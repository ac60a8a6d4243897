package perfstat.cli.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A hidden class's name as each JDK's JFR writes it (after the parser's '/' to '.'), one name for all. */
class HiddenClassNameTest {
    @Test
    void aLambdaReadsTheSameOnJdk17AndOn25() {
        // JDK 17: the lambda's number, its address and JFR's id; two runs of one program differ in all three
        assertThat(HotMethodsCollector.hiddenClassName("Mix$$Lambda$90+0x00007f8ef4007a08.536765369")).isEqualTo("Mix$$Lambda");
        assertThat(HotMethodsCollector.hiddenClassName("Mix$$Lambda$91+0x00007fb4d0007a08.1712536284")).isEqualTo("Mix$$Lambda");
        // JDK 21 and 25: the address only
        assertThat(HotMethodsCollector.hiddenClassName("Mix$$Lambda.0x000000003e045210")).isEqualTo("Mix$$Lambda");
        assertThat(HotMethodsCollector.hiddenClassName("Mix$$Lambda/0x000000003e045210")).isEqualTo("Mix$$Lambda");
    }

    @Test
    void otherHiddenClassesLoseTheirAddressAndOrdinaryNamesStay() {
        assertThat(HotMethodsCollector.hiddenClassName("jdk.internal.reflect.GeneratedMethodAccessor1+0x0000000800c01000.77"))
                .isEqualTo("jdk.internal.reflect.GeneratedMethodAccessor1");
        assertThat(HotMethodsCollector.hiddenClassName("java.lang.invoke.LambdaForm$MH.0x0000000800c02400"))
                .isEqualTo("java.lang.invoke.LambdaForm$MH");
        assertThat(HotMethodsCollector.hiddenClassName("com.example.Foo$Bar")).isEqualTo("com.example.Foo$Bar");
        assertThat(HotMethodsCollector.hiddenClassName("com.example.Lambda$1")).isEqualTo("com.example.Lambda$1");
    }
}
