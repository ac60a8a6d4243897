package perfstat.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;
import static org.quicktheories.generators.SourceDSL.maps;
import static org.quicktheories.generators.SourceDSL.strings;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** What the CLI sends a model's JVM is what the model's JVM reads. */
class ModelArgsTest {

    static Gen<ModelArgs> args() {
        Gen<String> names = Generate.pick(List.of("fstime", "lat_mmap", "xfs_repair", "tiobench", "rwsem"));
        Gen<String> variants = Generate.pick(java.util.Arrays.asList(null, "unpatched", "patched", "cfq-2.6.30"));
        Gen<Map<String, String>> options = maps().of(strings().allPossible().ofLengthBetween(1, 8).map(k -> k.replace("=", "_")),
                strings().allPossible().ofLengthBetween(0, 8)).ofSizeBetween(0, 3);
        return names.zip(variants, integers().between(1, 64), integers().between(0, 64), (n, v, t, c) -> new Object[] {n, v, t, c})
                .zip(longs().between(0, 100_000), longs().between(1, Long.MAX_VALUE / 2_000_000), longs().between(1, 100_000),
                        options, (a, w, d, i, o) -> new ModelArgs((String) a[0], (String) a[1], (Integer) a[2], (Integer) a[3],
                                w, d, i, o, d % 7));
    }

    @Test
    void parseOfFormatGivesTheSameArguments() {
        qt().withFixedSeed(25L).withExamples(500).forAll(args())
                .checkAssert(a -> assertThat(ModelArgs.parse(a.format().toArray(String[]::new))).isEqualTo(a));
    }

    @Test
    void badArgumentsAreOneLine() {
        assertThatThrownBy(() -> ModelArgs.parse(new String[] {"fstime", "--threads", "x"}))
                .hasMessage("--threads needs a number, not 'x'");
        assertThatThrownBy(() -> ModelArgs.parse(new String[] {"fstime", "--threads", "0"})).hasMessageContaining("positive");
        assertThatThrownBy(() -> ModelArgs.parse(new String[] {"fstime", "--bogus", "1"})).hasMessage("unknown argument: --bogus");
        assertThatThrownBy(() -> ModelArgs.parse(new String[] {})).hasMessage("missing model name");
        assertThatThrownBy(() -> ModelArgs.parse(new String[] {"nope"}).resolve()).hasMessage("unknown model: nope");
        assertThatThrownBy(() -> ModelArgs.parse(new String[] {"fstime", "--variant", "x"}).resolve())
                .hasMessageContaining("unknown variant");
    }

    @Test
    void aSimulationWithoutASeedGetsOneDrawn() {
        ModelArgs.Resolved r = ModelArgs.parse(new String[] {"tiobench", "--threads", "2"}).resolve();
        assertThat(r.request().options()).containsKey("seed");
        assertThat(r.request().cpus()).isEqualTo(2);
        assertThat(r.request().variant()).isEqualTo(r.selection().model().variants().get(0).name());
    }
}
