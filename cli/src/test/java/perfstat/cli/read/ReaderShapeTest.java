package perfstat.cli.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The reader stays a set of small collectors: no class of this package holds more than 12 mutable fields. */
class ReaderShapeTest {
    private static final int MAX_MUTABLE_FIELDS = 12;

    @Test
    void noReaderClassHasMoreThanTwelveMutableFields() throws Exception {
        List<Class<?>> classes = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("src/main/java/perfstat/cli/read"))) {
            for (Path f : s.filter(p -> p.toString().endsWith(".java") && !p.endsWith("package-info.java")).toList()) {
                String name = f.getFileName().toString().replace(".java", "");
                Class<?> c = Class.forName("perfstat.cli.read." + name);
                classes.add(c);
                classes.addAll(List.of(c.getDeclaredClasses()));
            }
        }
        assertThat(classes).hasSizeGreaterThan(10);
        List<String> tooMany = new ArrayList<>();
        for (Class<?> c : classes) {
            long mutable = Stream.of(c.getDeclaredFields())
                    .filter(f -> !Modifier.isFinal(f.getModifiers()) && !f.isSynthetic()).count();
            if (mutable > MAX_MUTABLE_FIELDS) {
                tooMany.add(c.getName() + ": " + mutable + " mutable fields");
            }
        }
        assertThat(tooMany).isEmpty();
    }
}
