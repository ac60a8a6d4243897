package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The nearest loaded names of a probe pattern that matched nothing. */
class ProbeHintsTest {
    private static final Class<?>[] LOADED = {java.util.ArrayList.class, java.util.LinkedList.class, String.class,
            int[].class, java.util.StringTokenizer.class, ProbeHints.class};

    @Test
    void aSimpleClassNameOrAMisspeltOneIsGivenTheLoadedClassesFullName() {
        assertThat(ProbeHints.candidates("ArrayList::add", LOADED)).containsExactly("java.util.ArrayList::add");
        assertThat(ProbeHints.candidates("java.util.ArrayLst::add", LOADED)).containsExactly("java.util.ArrayList::add");
        assertThat(ProbeHints.candidates("StringTokenizer::nextToken", LOADED)).containsExactly("java.util.StringTokenizer::nextToken");
        assertThat(ProbeHints.candidates("ArrayList", LOADED)).containsExactly("java.util.ArrayList");
    }

    @Test
    void aMisspeltMethodOfALoadedClassIsGivenTheNearestMethods() {
        assertThat(ProbeHints.candidates("java.util.StringTokenizer::nxtToken", LOADED))
                .containsExactly("java.util.StringTokenizer::nextToken");
        assertThat(ProbeHints.candidates("java.util.ArrayList::sizee", LOADED)).containsExactly("java.util.ArrayList::size");
        // a misspelt class whose method is there: that method only, not also the others two edits away (add: get, set)
        assertThat(ProbeHints.candidates("java.util.ArrayLis::get", LOADED)).containsExactly("java.util.ArrayList::get");
        assertThat(ProbeHints.candidates("java.util.ArrayList::gt", LOADED)).doesNotContain("java.util.ArrayList::add");
    }

    @Test
    void twoLettersSwappedAreOneEditEvenInAShortName() {
        assertThat(ProbeHints.distance("stpe", "step")).isEqualTo(1);
        assertThat(ProbeHints.distance("spin", "main")).isEqualTo(2);
        assertThat(ProbeHints.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(ProbeHints.distance("", "abc")).isEqualTo(3);
        assertThat(ProbeHints.candidates("java.util.ArrayList::szie", LOADED)).containsExactly("java.util.ArrayList::size");
        assertThat(ProbeHints.candidates("java.util.ArrayList::gte", LOADED)).contains("java.util.ArrayList::get");
    }

    @Test
    void nothingNearAnAnnotationOrAnyClassPatternOrPerfstatsOwnClasses() {
        assertThat(ProbeHints.candidates("com.example.Nope::x", LOADED)).isEmpty();
        assertThat(ProbeHints.candidates("@com.example.Timed", LOADED)).isEmpty();
        assertThat(ProbeHints.candidates("::next", LOADED)).isEmpty();
        assertThat(ProbeHints.candidates("ProbeHints::line", LOADED)).isEmpty();
        assertThat(ProbeHints.candidates("java.util.ArrayList::add", LOADED)).as("the pattern itself is no hint").isEmpty();
    }

    @Test
    void oneLineForThePatternsThatMatchedNothing() {
        Map<String, Long> matches = new LinkedHashMap<>();
        matches.put("ArrayList::add", 0L);
        matches.put("java.util.LinkedList::add", 3L);
        assertThat(ProbeHints.line(ProbeHints.forUnmatched(matches, LOADED)))
                .isEqualTo("probe pattern 'ArrayList::add' matched no method; did you mean java.util.ArrayList::add?");
        matches.put("com.example.Nope::x", 0L);
        assertThat(ProbeHints.line(ProbeHints.forUnmatched(matches, LOADED))).isEqualTo("probe patterns 'ArrayList::add'"
                + " (did you mean java.util.ArrayList::add?), 'com.example.Nope::x' matched no method");
        assertThat(ProbeHints.line(ProbeHints.forUnmatched(Map.of("a.B::c", 1L), LOADED))).isNull();
        assertThat(ProbeHints.forUnmatched(matches, new Class<?>[] {null})).as("never throws").containsKey("ArrayList::add");
    }

    /** A signature that matched nothing is given the overloads the class has, not the name that matches them all. */
    @Test
    void aWrongSignatureIsGivenTheOverloadsThereAre() {
        assertThat(ProbeHints.candidates("java.util.StringTokenizer::nextToken(long)", LOADED))
                .containsExactly("java.util.StringTokenizer::nextToken()", "java.util.StringTokenizer::nextToken(String)");
    }
}
