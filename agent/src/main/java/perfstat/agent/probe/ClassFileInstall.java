package perfstat.agent.probe;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The probes put in with the JDK's ClassFile API ({@link ClassFileProbes}, Java 24 and later): the transformer that
 * every class goes through as it loads (timed on the application's threads by {@link TransformClock}, let through by
 * its name where no filter names it), the retransformation of the classes loaded before, and their restoration. A
 * class the ClassFile API cannot rewrite is left as it was, counted as an installer error, named in one line, and its
 * matched methods recorded as not probed, with the exception's class ({@link ProbeInstaller#failed}). Never throws into
 * the class's loading.
 */
final class ClassFileInstall implements ClassFileTransformer {
    private final ProbeInstaller installer;
    private final Instrumentation inst;
    private final Set<String> named;
    /** The internal names of the classes rewritten, to be retransformed back at uninstall. */
    private final Set<String> rewritten = java.util.concurrent.ConcurrentHashMap.newKeySet();

    ClassFileInstall(ProbeInstaller installer, Instrumentation inst) {
        this.installer = installer;
        this.inst = inst;
        this.named = installer.namedClasses();
    }

    /** Adds the transformer, then retransforms the loaded classes that may hold a probed method. */
    void install() {
        inst.addTransformer(this, true);
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (inst.isModifiableClass(c) && mayHold(c)) {
                retransform(c);
            }
        }
    }

    /** Removes the transformer and puts the rewritten classes back as they were. */
    void uninstall() {
        inst.removeTransformer(this);
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (rewritten.contains(c.getName().replace('.', '/')) && inst.isModifiableClass(c)) {
                retransform(c);
            }
        }
        rewritten.clear();
    }

    private void retransform(Class<?> c) {
        try {
            inst.retransformClasses(c);
        } catch (Throwable e) {
            installer.countError(); // left as it was
        }
    }

    /**
     * Whether loaded class {@code c} may hold a method a filter matches, by its name alone (as Byte Buddy's matcher
     * decides for loaded classes): no reflection, which would load the types its methods name. A class that holds
     * none is retransformed and left as it was.
     */
    private boolean mayHold(Class<?> c) {
        String name = c.getName();
        String internal = name.replace('.', '/');
        return !c.isArray() && !c.isPrimitive() && !ours(internal) && (named == null || named.contains(internal))
                && installer.typeMatches(name, a -> true);
    }

    private static boolean ours(String internalName) {
        return internalName.startsWith("perfstat/agent/") || internalName.startsWith("perfstat/shaded/");
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined,
                            java.security.ProtectionDomain domain, byte[] bytes) {
        if (name == null || (named != null && !named.contains(name)) || ours(name)) {
            return null; // most classes: let through by name, before anything parses them
        }
        long start = installer.clock().start();
        try {
            return rewrite(module, loader, name, bytes);
        } catch (Throwable e) {
            installer.failed(name.replace('/', '.'), e);
            return null;
        } finally {
            installer.clock().stop(start);
        }
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, java.security.ProtectionDomain domain,
                            byte[] bytes) {
        return transform(null, loader, name, redefined, domain, bytes);
    }

    private byte[] rewrite(Module module, ClassLoader loader, String name, byte[] bytes) {
        String cls = name.replace('/', '.');
        // annotation filters are decided per method, on the parsed class
        if (!installer.typeMatches(cls, a -> true)) {
            return null;
        }
        if (!installer.seesProbes(loader)) {
            installer.countInvisible();
            ClassFileProbes.invisible(installer, cls, bytes);
            return null;
        }
        byte[] out = ClassFileProbes.rewrite(installer, loader, cls, bytes);
        if (out != null) {
            readEdge(module);
            rewritten.add(name);
            installer.rewritten(cls);
        }
        return out;
    }

    /** A class in a named module (the JDK's) must read the probe runtime's module to call it. */
    private void readEdge(Module module) {
        Module runtime = Probes.class.getModule();
        if (module != null && module.isNamed() && !module.canRead(runtime)) {
            inst.redefineModule(module, Set.of(runtime), Map.of(), Map.of(), Set.of(), Map.<Class<?>, List<Class<?>>>of());
        }
    }
}
