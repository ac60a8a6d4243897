package perfstat.agent.probe;

import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.bytebuddy.ClassFileVersion;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.annotation.AnnotationList;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.loading.ClassInjector;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.matcher.ElementMatchers;
import net.bytebuddy.utility.JavaConstant;
import net.bytebuddy.utility.JavaModule;

/**
 * The probes put in with Byte Buddy's {@code Advice} ({@link ProbeAdvice} inlined), on a target before Java 24 or
 * where asked for; {@link ProbeInstaller} decides which methods and under which names.
 */
final class ByteBuddyProbes {
    private static final Method CELLS = cellsMethod();
    /** A class of perfstat's own whose bytes {@link #warmUp} probes (and throws away). */
    private static final String WARM_UP = "perfstat/format/ProbeNames";

    private final ProbeInstaller installer;
    private ResettableClassFileTransformer transformer;

    ByteBuddyProbes(ProbeInstaller installer) {
        this.installer = installer;
    }

    private static Method cellsMethod() {
        try {
            return Probes.class.getMethod("cells", int.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Byte Buddy generates its transformer's class once per JVM (a few hundred of its classes load for it), and
     * parses the advice; then one transformation of a class of perfstat's own ({@link #warmUp}).
     */
    static void prepare() {
        noUnsafe();
        new AgentBuilder.Default().disableClassFormatChanges().makeRaw(); // never installed
        Advice.to(ProbeAdvice.ById.class, ProbeAdvice.class);
        warmUp();
    }

    /**
     * Probes one method of a class of perfstat's own, bytes in and bytes out, with a transformer like the one
     * {@link #install} puts in (never installed; nothing is defined, no probe registered): the hundreds of Byte
     * Buddy's classes that its first transformation loads are then part of the agent's start.
     */
    private static void warmUp() {
        try (java.io.InputStream in = ProbeInstaller.class.getResourceAsStream("/" + WARM_UP + ".class")) {
            if (in == null) {
                return;
            }
            byte[] bytes = in.readAllBytes();
            java.lang.instrument.ClassFileTransformer t = new AgentBuilder.Default()
                    .disableClassFormatChanges()
                    .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                    .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                    .with(AgentBuilder.InjectionStrategy.Disabled.INSTANCE)
                    .ignore(ElementMatchers.none())
                    .type(ElementMatchers.named(WARM_UP.replace('/', '.')))
                    .transform((builder, type, loader, module, domain) -> builder.visit(
                            advice(type.getDeclaredMethods().filter(ElementMatchers.named("simple")).getOnly(), 0, false, null)
                                    .on(ElementMatchers.named("simple"))))
                    .makeRaw();
            t.transform(ProbeInstaller.class.getClassLoader(), WARM_UP, null, ProbeInstaller.class.getProtectionDomain(), bytes);
        } catch (java.io.IOException | java.lang.instrument.IllegalClassFormatException | RuntimeException e) {
            // the first probed class pays for it then
        }
    }

    /**
     * Advice is inlined and nothing is injected, so Byte Buddy needs no Unsafe; saying so keeps
     * JDK 24+ from printing its Unsafe deprecation warning into the host's stderr. The property
     * name is relocated with Byte Buddy, so a host's own Byte Buddy is not affected.
     */
    private static synchronized void noUnsafe() {
        if (System.getProperty(ClassInjector.UsingUnsafe.SAFE_PROPERTY) == null) {
            System.setProperty(ClassInjector.UsingUnsafe.SAFE_PROPERTY, "true");
        }
    }

    void install(Instrumentation inst) {
        noUnsafe();
        ElementMatcher<TypeDescription> types = type -> installer.typeMatches(type.getName(), a -> annotated(type, a));
        transformer = new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(AgentBuilder.InjectionStrategy.Disabled.INSTANCE)
                .with(new AgentBuilder.Listener.Adapter() {
                    @Override
                    public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable t) {
                        installer.failed(typeName, t); // left as it was: its matched methods are not probed
                    }

                    @Override
                    public void onComplete(String typeName, ClassLoader loader, JavaModule module, boolean loaded) {
                        installer.rewritten(typeName); // after onError where it failed: the probes given stand otherwise
                    }
                })
                .ignore(nameStartsWith(perfstat.format.ObserverClasses.AGENT).or(nameStartsWith(perfstat.format.ObserverClasses.SHADED))
                        .or(nameStartsWith("net.bytebuddy.")))
                .assureReadEdgeTo(inst, Probes.class) // a JDK class in a named module must read the runtime's
                .with((AgentBuilder.TransformerDecorator) t -> new Timed(t, installer.clock(), installer.namedClasses()))
                .type(types)
                .transform(this::transform)
                .installOn(inst);
    }

    private DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type,
                                             ClassLoader loader, JavaModule module,
                                             java.security.ProtectionDomain domain) {
        if (!installer.seesProbes(loader)) {
            installer.countInvisible();
            List<ProbeInstaller.MethodFacts> declared = new ArrayList<>();
            type.getDeclaredMethods().forEach(m -> declared.add(facts(m)));
            installer.invisible(type.getName(), names(type.getDeclaredAnnotations()), declared);
            return builder;
        }
        // the JDK's classes (boot and platform loaders) look their cells up by id: resolving a
        // dynamic constant runs the JDK's own code, which may be the very method probed
        boolean byId = !holdsDynamicConstants(type) || loader == null || loader == ClassLoader.getPlatformClassLoader();
        List<MethodDescription.InDefinedShape> methods = new ArrayList<>(type.getDeclaredMethods());
        if (!methods.stream().anyMatch(MethodDescription::isTypeInitializer)) {
            methods.add(new MethodDescription.Latent.TypeInitializer(type));
        }
        List<ProbeInstaller.MethodFacts> facts = new ArrayList<>(methods.size());
        for (MethodDescription.InDefinedShape m : methods) {
            facts.add(facts(m));
        }
        int[] ids = installer.probeIds(type.getName(), names(type.getDeclaredAnnotations()), facts);
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] >= 0) {
                builder = builder.visit(advice(methods.get(i), ids[i], byId, installer).on(ElementMatchers.is(methods.get(i))));
            }
        }
        return builder;
    }

    private static ProbeInstaller.MethodFacts facts(MethodDescription.InDefinedShape m) {
        List<String> full = new ArrayList<>();
        List<String> simple = new ArrayList<>();
        for (TypeDescription t : m.getParameters().asTypeList().asErasures()) {
            full.add(t.getActualName());
            simple.add(t.getSimpleName());
        }
        String name = m.isConstructor() ? ProbeFilter.CONSTRUCTOR : m.isTypeInitializer() ? ProbeFilter.STATIC_INITIALIZER : m.getName();
        return new ProbeInstaller.MethodFacts(name, full, simple, m.isAbstract(), m.isNative(), names(m.getDeclaredAnnotations()));
    }

    /** The advice that probes {@code m} as probe {@code id}: its cells a dynamic constant, or looked up by id. */
    private static Advice advice(MethodDescription.InDefinedShape m, int id, boolean byId, ProbeInstaller counted) {
        Advice.WithCustomMapping mapping = Advice.withCustomMapping().bind(ProbeId.class, id);
        // constructors and initialisers cannot have a handler around their body: their exit advice has none
        Class<?> exit = m.isConstructor() || m.isTypeInitializer() ? ProbeAdvice.NormalExit.class : ProbeAdvice.class;
        if (!byId) {
            return mapping.bind(ProbeCells.class, JavaConstant.Dynamic.ofInvocation(CELLS, id))
                    .to(ProbeAdvice.Constant.class, exit);
        }
        if (counted != null) {
            counted.countedById();
        }
        return mapping.to(ProbeAdvice.ById.class, exit);
    }

    /** Whether the class file may hold a dynamic constant (Java 11 and later). */
    private static boolean holdsDynamicConstants(TypeDescription type) {
        ClassFileVersion version = type.getClassFileVersion();
        return version != null && version.isAtLeast(ClassFileVersion.JAVA_V11);
    }

    /** Whether the type, or one of its methods, carries annotation {@code annotation}. */
    private static boolean annotated(TypeDescription type, String annotation) {
        return names(type.getDeclaredAnnotations()).contains(annotation)
                || type.getDeclaredMethods().stream().anyMatch(m -> names(m.getDeclaredAnnotations()).contains(annotation));
    }

    private static Set<String> names(AnnotationList list) {
        Set<String> names = new java.util.HashSet<>();
        for (net.bytebuddy.description.annotation.AnnotationDescription a : list) {
            names.add(a.getAnnotationType().getName());
        }
        return names;
    }

    /** Removes the probes from every class they were put in. */
    void uninstall(Instrumentation inst) {
        if (transformer != null) {
            transformer.reset(inst, AgentBuilder.RedefinitionStrategy.RETRANSFORMATION);
            transformer = null;
        }
    }

    /**
     * The transformer, each call timed on the calling thread's CPU clock ({@link TransformClock}): every class that
     * loads while the probes are in goes through it, and the time it takes is perfstat's, not the application's. A
     * class that no filter names (where all name their class) is let through by its name, before Byte Buddy parses
     * it: most classes a program loads.
     */
    private static final class Timed extends ResettableClassFileTransformer.WithDelegation {
        private final TransformClock clock;
        private final java.util.Set<String> named;

        Timed(ResettableClassFileTransformer transformer, TransformClock clock, java.util.Set<String> named) {
            super(transformer);
            this.clock = clock;
            this.named = named;
        }

        private boolean skipped(String name) {
            return named != null && name != null && !named.contains(name);
        }

        @Override
        public byte[] transform(ClassLoader loader, String name, Class<?> redefined, java.security.ProtectionDomain domain,
                                byte[] bytes) throws java.lang.instrument.IllegalClassFormatException {
            long start = clock.start();
            try {
                return skipped(name) ? null : classFileTransformer.transform(loader, name, redefined, domain, bytes);
            } finally {
                clock.stop(start);
            }
        }

        @Override
        public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined,
                                java.security.ProtectionDomain domain, byte[] bytes)
                throws java.lang.instrument.IllegalClassFormatException {
            long start = clock.start();
            try {
                return skipped(name) ? null : classFileTransformer.transform(module, loader, name, redefined, domain, bytes);
            } finally {
                clock.stop(start);
            }
        }
    }
}
