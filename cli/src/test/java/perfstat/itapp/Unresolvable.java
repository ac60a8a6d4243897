package perfstat.itapp;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code Unresolvable DIR N}: loads {@code perfstat.itapp.hidden.Picker} from the class files under DIR through a
 * loader that defines them but gives none of them as a resource (as a loader of generated or encrypted classes
 * may), calls {@code pick} N times and prints what it picked. A transformer that needs the class files of the
 * classes a method names cannot find them.
 */
public final class Unresolvable {
    private Unresolvable() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        ClassLoader loader = new ClassLoader(Unresolvable.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                Path p = dir.resolve(name.replace('.', '/') + ".class");
                if (!Files.isRegularFile(p)) {
                    throw new ClassNotFoundException(name);
                }
                try {
                    byte[] b = Files.readAllBytes(p);
                    return defineClass(name, b, 0, b.length);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public URL getResource(String name) {
                return null;
            }

            @Override
            public InputStream getResourceAsStream(String name) {
                return null;
            }
        };
        java.lang.reflect.Method pick = loader.loadClass("perfstat.itapp.hidden.Picker").getMethod("pick", int.class);
        StringBuilder picked = new StringBuilder();
        for (int i = 0; i < Integer.parseInt(args[1]); i++) {
            picked.append(pick.invoke(null, i));
        }
        System.out.println(picked.length() + " picked, " + picked.chars().filter(c -> c == 'e').count() + " even");
    }
}
