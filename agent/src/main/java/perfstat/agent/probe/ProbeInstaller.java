package perfstat.agent.probe;

import perfstat.format.ProbeNames;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;
import net.bytebuddy.ClassFileVersion;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.loading.ClassInjector;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.matcher.ElementMatchers;
import net.bytebuddy.utility.JavaConstant;
import net.bytebuddy.utility.JavaModule;

/**
 * Installs {@link ProbeAdvice} on the methods that the filters name, in classes loaded
 * from now on and (with retransformation) in classes already loaded: constructors and static
 * initialisers too, and the JDK's own classes where the probe runtime is on the boot class
 * path (a filter must name a JDK class for its methods to be probed; {@code ::method} and
 * {@code @Annotation} filters look at the application's classes). Skips, and counts, classes
 * whose loader cannot see {@link Probes}; names in one line each the methods it cannot probe
 * (native, abstract, on the probe's own path); never probes perfstat itself.
 */
public final class ProbeInstaller {
    private static final Method CELLS = cellsMethod();

    /**
     * Classes that the probe's own path runs through (the stripe's thread id, the owner's
     * liveness, the lane's thread-local, sampling, the clock, HdrHistogram's recorder and its
     * resizing with Arrays.copyOf, JFR writing the totals): a probe there would call itself.
     */
    static final List<String> PROBE_PATH = List.of("java.lang.Thread", "java.lang.VirtualThread", "java.lang.ThreadLocal",
            "java.lang.Math", "java.lang.StrictMath",
            "java.lang.Long", "java.lang.Integer", "java.lang.Object", "java.lang.invoke.", "java.util.concurrent.atomic.",
            "java.util.concurrent.ThreadLocalRandom", "java.util.Arrays", "java.lang.ref.", "jdk.internal.", "jdk.jfr.", "sun.",
            "java.lang.instrument.");

    private final List<ProbeFilter> filters;
    private final Map<ProbeFilter, AtomicLong> matched = new java.util.LinkedHashMap<>();
    private final java.util.Set<String> told = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.util.function.Consumer<String> say;
    private final AtomicLong instrumentedMethods = new AtomicLong();
    private final AtomicLong instrumentedById = new AtomicLong();
    private final AtomicLong skippedInvisible = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    /** Methods a filter matched once the probe runtime was full ({@link Probes#idFor} gave -1): not probed, each once. */
    private final java.util.Set<String> dropped = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final Map<ClassLoader, Boolean> visibility = new WeakHashMap<>();
    private ResettableClassFileTransformer transformer;
    private final TransformClock clock = new TransformClock();
    /** The filter whose methods open the counters' window at their first call, or null. */
    private volatile ProbeFilter trigger;

    public ProbeInstaller(List<ProbeFilter> filters) {
        this(filters, line -> System.err.println("perfstat agent: " + line));
    }

    /** @param say receives one line for each method or class that a filter names and that cannot be probed */
    public ProbeInstaller(List<ProbeFilter> filters, java.util.function.Consumer<String> say) {
        this.filters = List.copyOf(filters);
        this.say = say;
        for (ProbeFilter f : this.filters) {
            matched.put(f, new AtomicLong());
        }
    }

    /** Whether {@code name} is one of the JDK's classes. */
    static boolean jdkClass(String name) {
        return name.startsWith("java.") || name.startsWith("jdk.") || name.startsWith("sun.") || name.startsWith("com.sun.");
    }

    /** Whether the probe runtime is the boot loader's, so that the JDK's classes can call it. */
    static boolean onBootClassPath() {
        return Probes.class.getClassLoader() == null;
    }

    private static boolean onProbePath(String name) {
        for (String p : PROBE_PATH) {
            if (p.endsWith(".") ? name.startsWith(p) : name.equals(p) || name.startsWith(p + "$")) {
                return true;
            }
        }
        return false;
    }

    private void tell(String key, String line) {
        if (told.add(key)) {
            say.accept(line);
        }
    }

    private static Method cellsMethod() {
        try {
            return Probes.class.getMethod("cells", int.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Does ahead of {@link #install}, on any thread, what costs most in a JVM's first install and
     * touches no class: Byte Buddy generates its transformer's class once per JVM (a few hundred of
     * its classes load for it), and parses the advice. The agent runs it alongside JFR's start.
     */
    public void prepare() {
        if (filters.isEmpty()) {
            return;
        }
        noUnsafe();
        clock.prepare();
        new AgentBuilder.Default().disableClassFormatChanges().makeRaw(); // never installed
        Advice.to(ProbeAdvice.ById.class, ProbeAdvice.class);
        warmUp();
    }

    /** A class of perfstat's own whose bytes {@link #warmUp} probes (and throws away). */
    private static final String WARM_UP = "perfstat/agent/probe/ProbeNames";

    /**
     * Probes one method of a class of perfstat's own, bytes in and bytes out, with a transformer like the one
     * {@link #install} puts in (never installed; nothing is defined, no probe registered): the hundreds of Byte
     * Buddy's classes that its first transformation loads, and its first runs of their code, are then part of the
     * agent's start, on its own thread, and not of the first probed class that the application loads, on the
     * application's thread inside the window (a Jackson ObjectMapper's first load took 230-290 ms of CPU there).
     */
    private void warmUp() {
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
                            advice(type.getDeclaredMethods().filter(ElementMatchers.named("simple")).getOnly(), 0, false)
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

    public void install(Instrumentation inst) {
        if (filters.isEmpty()) {
            return;
        }
        noUnsafe();
        if (!clock.available()) {
            clock.prepare(); // installed without prepare(): here, before any class goes through it
        }
        for (ProbeFilter f : filters) {
            String cls = f.className();
            if (cls != null && jdkClass(cls) && onProbePath(cls)) {
                tell(f.toString(), "cannot probe '" + f + "': perfstat's probe itself runs through " + cls
                        + ", so a probe there would call itself");
            } else if (cls != null && jdkClass(cls) && !onBootClassPath()) {
                tell(f.toString(), "cannot probe '" + f + "': JDK classes need the probe runtime on the boot class path, "
                        + "and it is not there" + (bootReason == null ? "" : " (" + bootReason + ")"));
            }
        }
        ElementMatcher<TypeDescription> types = type -> {
            String name = type.getName();
            boolean jdk = jdkClass(name);
            if (jdk && (!onBootClassPath() || onProbePath(name))) {
                return false;
            }
            for (ProbeFilter f : filters) {
                if (f.annotation() != null ? !jdk && annotated(type) : f.matchesClass(name) && (!jdk || f.className() != null)) {
                    return true;
                }
            }
            return false;
        };
        transformer = new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(AgentBuilder.InjectionStrategy.Disabled.INSTANCE)
                .with(new AgentBuilder.Listener.Adapter() {
                    @Override
                    public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable t) {
                        errors.incrementAndGet();
                    }
                })
                .ignore(nameStartsWith("perfstat.agent.").or(nameStartsWith("perfstat.shaded."))
                        .or(nameStartsWith("net.bytebuddy.")))
                .assureReadEdgeTo(inst, Probes.class) // a JDK class in a named module must read the runtime's
                .with((AgentBuilder.TransformerDecorator) t -> new Timed(t, clock, namedClasses()))
                .type(types)
                .transform(this::transform)
                .installOn(inst);
    }

    private DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type,
                                             ClassLoader loader, JavaModule module,
                                             java.security.ProtectionDomain domain) {
        if (!seesProbes(loader)) {
            skippedInvisible.incrementAndGet();
            return builder;
        }
        String className = type.getName();
        // the JDK's classes (boot and platform loaders) look their cells up by id: resolving a
        // dynamic constant runs the JDK's own code, which may be the very method probed
        boolean byId = !holdsDynamicConstants(type) || loader == null || loader == ClassLoader.getPlatformClassLoader();
        Map<MethodDescription.InDefinedShape, List<ProbeFilter>> matches = matches(type);
        Map<String, Integer> overloads = overloads(matches.keySet());
        for (Map.Entry<MethodDescription.InDefinedShape, List<ProbeFilter>> match : matches.entrySet()) {
            MethodDescription.InDefinedShape m = match.getKey();
            List<ProbeFilter> hits = match.getValue();
            String methodName = probeMethodName(m);
            if (m.isAbstract() || m.isNative()) {
                if (hits.stream().anyMatch(f -> f.className() != null && f.methodName() != null)) {
                    tell(className + "::" + methodName, "cannot probe " + className + "::" + methodName + ": "
                            + (m.isNative() ? "a native method" : "an abstract method") + " has no bytecode to put a probe in");
                }
                continue;
            }
            String probe = className + "::" + methodName
                    + (!mergeOverloads && overloads.getOrDefault(methodName, 0) > 1 ? parameters(m) : "");
            int id = Probes.idFor(probe);
            if (id < 0) {
                dropped.add(probe);
                continue;
            }
            hits.forEach(f -> matched.get(f).incrementAndGet());
            if (trigger != null && hits.contains(trigger)) {
                Probes.arm(id); // the counters' window opens at its first call
            }
            instrumentedMethods.incrementAndGet();
            builder = builder.visit(advice(m, id, byId).on(ElementMatchers.is(m)));
        }
        return builder;
    }

    /** Each of the type's methods (and its static initialiser) that a filter matches, with the filters that match it. */
    private Map<MethodDescription.InDefinedShape, List<ProbeFilter>> matches(TypeDescription type) {
        List<MethodDescription.InDefinedShape> methods = new java.util.ArrayList<>(type.getDeclaredMethods());
        if (!methods.stream().anyMatch(MethodDescription::isTypeInitializer)) {
            methods.add(new MethodDescription.Latent.TypeInitializer(type));
        }
        Map<MethodDescription.InDefinedShape, List<ProbeFilter>> matches = new java.util.LinkedHashMap<>();
        for (MethodDescription.InDefinedShape m : methods) {
            List<ProbeFilter> hits = matching(type, probeMethodName(m), m);
            if (!hits.isEmpty()) {
                matches.put(m, hits);
            }
        }
        return matches;
    }

    /**
     * How many of {@code methods} with bytecode share each name: overloads that a filter matches
     * are told apart by their parameter types, {@code Class::method(int,String)}.
     */
    private static Map<String, Integer> overloads(java.util.Collection<MethodDescription.InDefinedShape> methods) {
        Map<String, Integer> overloads = new java.util.HashMap<>();
        for (MethodDescription.InDefinedShape m : methods) {
            if (!m.isAbstract() && !m.isNative()) {
                overloads.merge(probeMethodName(m), 1, Integer::sum);
            }
        }
        return overloads;
    }

    /** The advice that probes {@code m} as probe {@code id}: its cells a dynamic constant, or looked up by id. */
    private Advice advice(MethodDescription.InDefinedShape m, int id, boolean byId) {
        Advice.WithCustomMapping mapping = Advice.withCustomMapping().bind(ProbeId.class, id);
        // constructors and initialisers cannot have a handler around their body: their exit advice has none
        Class<?> exit = m.isConstructor() || m.isTypeInitializer() ? ProbeAdvice.NormalExit.class : ProbeAdvice.class;
        if (!byId) {
            return mapping.bind(ProbeCells.class, JavaConstant.Dynamic.ofInvocation(CELLS, id))
                    .to(ProbeAdvice.Constant.class, exit);
        }
        instrumentedById.incrementAndGet();
        return mapping.to(ProbeAdvice.ById.class, exit);
    }

    /** Whether the class file may hold a dynamic constant (Java 11 and later). */
    private static boolean holdsDynamicConstants(TypeDescription type) {
        ClassFileVersion version = type.getClassFileVersion();
        return version != null && version.isAtLeast(ClassFileVersion.JAVA_V11);
    }

    private static String probeMethodName(MethodDescription m) {
        return m.isConstructor() ? ProbeFilter.CONSTRUCTOR : m.isTypeInitializer() ? ProbeFilter.STATIC_INITIALIZER : m.getName();
    }

    /** {@code (int,String)}: the parameter types' simple names (arrays with []). */
    private static String parameters(MethodDescription m) {
        List<String> types = new java.util.ArrayList<>();
        for (TypeDescription t : m.getParameters().asTypeList().asErasures()) {
            types.add(t.getSimpleName());
        }
        return "(" + String.join(",", types) + ")";
    }

    /** The method's parameter types, erased, by their full names ({@code java.lang.String[]}, {@code a.B$C}). */
    private static List<String> parameterTypes(MethodDescription m) {
        List<String> types = new java.util.ArrayList<>();
        for (TypeDescription t : m.getParameters().asTypeList().asErasures()) {
            types.add(t.getActualName());
        }
        return types;
    }

    /** The filters that method {@code method} of {@code type} matches. */
    private List<ProbeFilter> matching(TypeDescription type, String method, MethodDescription m) {
        List<ProbeFilter> hits = new java.util.ArrayList<>();
        String cls = type.getName();
        boolean jdk = jdkClass(cls);
        for (ProbeFilter f : filters) {
            // an annotated class: all its methods but the static initialiser; else the annotated methods
            boolean hit = f.annotation() != null
                    ? !jdk && ((has(type.getDeclaredAnnotations(), f.annotation()) && !method.equals(ProbeFilter.STATIC_INITIALIZER))
                            || hasAnnotation(m, f.annotation()))
                    : f.matches(cls, method) && (!jdk || f.className() != null) && f.matchesParameters(parameterTypes(m));
            if (hit) {
                hits.add(f);
            }
        }
        return hits;
    }

    /** Whether the type carries an annotation that a filter names, or any of its methods does. */
    private boolean annotated(TypeDescription type) {
        for (ProbeFilter f : filters) {
            if (f.annotation() != null && (has(type.getDeclaredAnnotations(), f.annotation())
                    || type.getDeclaredMethods().stream().anyMatch(m -> hasAnnotation(m, f.annotation())))) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasAnnotation(MethodDescription m, String annotation) {
        return has(m.getDeclaredAnnotations(), annotation);
    }

    private static boolean has(net.bytebuddy.description.annotation.AnnotationList list, String annotation) {
        for (net.bytebuddy.description.annotation.AnnotationDescription a : list) {
            if (a.getAnnotationType().getName().equals(annotation)) {
                return true;
            }
        }
        return false;
    }

    /** How many methods each filter has matched so far, by its pattern, in the filters' order. */
    public Map<String, Long> matchesByPattern() {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        matched.forEach((f, n) -> out.merge(f.toString(), n.get(), Long::sum));
        return out;
    }

    private String bootReason;
    private boolean mergeOverloads;

    /** Whether the overloads of a method that the filters match count as one probe ({@code Class::method}), not one each. */
    /** The filter whose methods' first call opens the counters' window ({@link Probes#arm}); it must be among the filters. */
    public ProbeInstaller trigger(ProbeFilter f) {
        this.trigger = f;
        return this;
    }

    public ProbeInstaller mergeOverloads(boolean merge) {
        this.mergeOverloads = merge;
        return this;
    }

    /** Why the probe runtime is not on the boot class path (said when a filter names a JDK class), or null. */
    public ProbeInstaller bootReason(String reason) {
        this.bootReason = reason;
        return this;
    }

    /** Whether code in classes of {@code loader} resolves {@link Probes} to this very class. */
    private boolean seesProbes(ClassLoader loader) {
        if (loader == null) {
            return onBootClassPath();
        }
        synchronized (visibility) {
            return visibility.computeIfAbsent(loader, l -> {
                try {
                    return Class.forName(Probes.class.getName(), false, l) == Probes.class;
                } catch (Throwable e) {
                    return false;
                }
            });
        }
    }

    /** Removes the probes from every class they were put in (for detach and tests). */
    public void uninstall(Instrumentation inst) {
        if (transformer != null) {
            transformer.reset(inst, AgentBuilder.RedefinitionStrategy.RETRANSFORMATION);
            transformer = null;
        }
    }

    /** The application threads' CPU time in the transformer (perfstat's work on their threads, not theirs). */
    public TransformClock clock() {
        return clock;
    }

    /**
     * The internal names ({@code a/b/C}) of the classes the filters name, where every filter names its class; null
     * where one may match any class ({@code ::method}, {@code @Annotation}), so that each class must be looked at.
     */
    private java.util.Set<String> namedClasses() {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (ProbeFilter f : filters) {
            if (f.className() == null) {
                return null;
            }
            names.add(f.className().replace('.', '/'));
        }
        return names;
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

    public long instrumentedMethods() {
        return instrumentedMethods.get();
    }

    /** Methods of class files before Java 11, whose probes look their cells up by id (slower). */
    public long instrumentedById() {
        return instrumentedById.get();
    }

    public long skippedInvisible() {
        return skippedInvisible.get();
    }

    public long errors() {
        return errors.get();
    }

    /** Methods that a filter matched past the probe runtime's limit of probes, so not probed. */
    public long probesDropped() {
        return dropped.size();
    }
}
