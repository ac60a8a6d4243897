import java.util.jar.JarFile;

/** Loads (without initialising) every class of a jar but one: what a program's class loading asks of a transformer. */
public class LoadAll {
    public static void main(String[] args) throws Exception {
        int n = 0;
        try (JarFile jar = new JarFile(args[0])) {
            for (var e : java.util.Collections.list(jar.entries())) {
                String name = e.getName();
                if (name.endsWith(".class") && !name.contains("module-info") && !name.startsWith("META-INF")
                        && !name.equals(args[1])) {
                    try {
                        Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false, LoadAll.class.getClassLoader());
                        n++;
                    } catch (Throwable t) {
                        // a class whose dependencies are absent
                    }
                }
            }
        }
        System.out.println(n + " classes loaded");
    }
}
