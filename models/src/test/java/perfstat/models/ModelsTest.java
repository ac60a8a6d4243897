package perfstat.models;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Properties;
import org.junit.jupiter.api.Test;

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
        for (Model m : Models.all()) {
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
        assertThat(Models.all().stream().flatMap(m -> m.workloads().stream().map(Model.WorkloadInfo::name)))
                .doesNotHaveDuplicates();
        for (Model m : Models.all()) {
            assertThat(m.variants().stream().map(Model.Variant::name)).doesNotHaveDuplicates();
        }
    }
}
