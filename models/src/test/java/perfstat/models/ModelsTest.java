package perfstat.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import perfstat.models.spi.Model;
import perfstat.models.spi.RunRequest;

/** The registry and the probe sets agree with the code they name. */
class ModelsTest {

    @Test
    void workloadNamesFindTheirModel() {
        assertThat(Models.find("fstime")).get().satisfies(s -> {
            assertThat(s.model().name()).isEqualTo("writepath");
            assertThat(s.workload().name()).isEqualTo("fstime");
        });
        assertThat(Models.find("writepath")).get().extracting(s -> s.workload().name()).isEqualTo("fstime");
        assertThat(Models.find("nosuch")).isEmpty();
    }

    @Test
    void everyProbeSetPatternNamesAMethodThatExists() throws Exception {
        Properties sets = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/META-INF/perfstat/probesets.properties")) {
            sets.load(in);
        }
        for (Model<?> m : Models.all()) {
            assertThat(sets.getProperty(m.probeSet())).as("probe set of " + m.name()).isNotNull();
        }
        for (String name : sets.stringPropertyNames()) {
            for (String pattern : sets.getProperty(name).split(";")) {
                String[] parts = pattern.trim().split("::");
                Class<?> c = Class.forName(parts[0]);
                assertThat(Arrays.stream(c.getDeclaredMethods()).map(Method::getName))
                        .as(pattern).contains(parts[1]);
            }
        }
    }

    @Test
    void variantsAndWorkloadsAreUniqueAcrossModels() {
        assertThat(Models.all().stream().flatMap(m -> m.workloads().stream().map(w -> w.name())))
                .doesNotHaveDuplicates();
        for (Model<?> m : Models.all()) {
            assertThat(m.variants().stream().map(v -> v.name())).doesNotHaveDuplicates();
        }
    }

    /** Every option a model's code reads is declared by one of its workloads, so the CLI accepts it, and no other. */
    @Test
    void everyOptionTheCodeReadsIsDeclared() throws Exception {
        java.util.regex.Pattern read = java.util.regex.Pattern.compile("longOption\\(\"([a-z-]+)\"");
        for (Model<?> m : Models.all()) {
            // a workload's start is a method reference or lambda of its model's package
            String pkg = m.workloads().get(0).start().getClass().getPackageName().replace('.', '/');
            java.util.Set<String> used = new java.util.TreeSet<>();
            try (var files = java.nio.file.Files.walk(java.nio.file.Path.of("src/main/java", pkg))) {
                for (java.nio.file.Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    java.util.regex.Matcher x = read.matcher(java.nio.file.Files.readString(f));
                    while (x.find()) {
                        used.add(x.group(1));
                    }
                }
            }
            java.util.Set<String> declared = new java.util.TreeSet<>();
            m.workloads().forEach(w -> declared.addAll(w.options()));
            assertThat(declared).as(m.name()).isEqualTo(used);
        }
    }

    /** An option not given reads its one declared default; reading an undeclared one is a bug, said as such. */
    @Test
    void aWorkloadReadsTheDefaultsItDeclares() {
        Model.WorkloadInfo<?> fstime = Models.find("fstime").orElseThrow().workload();
        RunRequest r = new RunRequest("writepath", "unpatched", "fstime", 1, 1, 0, 1, 1, Map.of("max-blocks", "10"))
                .withDefaults(fstime.defaults());
        assertThat(fstime.options()).containsExactly("block-size", "max-blocks");
        assertThat(r.longOption("block-size")).isEqualTo(256);
        assertThat(r.longOption("max-blocks")).isEqualTo(10);
        assertThatThrownBy(() -> r.longOption("size-mb")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'size-mb' is not declared by workload fstime");
    }

    /** Each variant carries its own part, found by its name; an unknown name is refused in one line. */
    @Test
    void everyVariantCarriesWhatItBuilds() {
        for (Model<?> m : Models.all()) {
            for (Model.Variant<?> v : m.variants()) {
                assertThat(v.impl()).as(m.name() + " " + v.name()).isNotNull();
                assertThat((Object) m.impl(v.name())).isSameAs(v.impl());
            }
            assertThatThrownBy(() -> m.impl("nope")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("unknown variant: nope");
        }
    }
}
