package perfstat.agent.probe;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Installs the probe ({@link ProbeAdvice}'s semantics) on the methods that the filters name, in classes loaded
 * from now on and (with retransformation) in classes already loaded: constructors and static initialisers too, and
 * the JDK's own classes where the probe runtime is on the boot class path (a filter must name a JDK class for its
 * methods to be probed; {@code ::method} and {@code @Annotation} filters look at the application's classes). Skips,
 * and counts, classes whose loader cannot see {@link Probes}; names in one line each the methods it cannot probe
 * (native, abstract, on the probe's own path); never probes perfstat itself.
 *
 * <p>Two transformers do the work, with one matching (this class) and one probe: on a JVM with the JDK's ClassFile
 * API (Java 24 and later, {@link ClassFileProbes} in the jar's {@code META-INF/versions/24}) the class's bytes are
 * rewritten with it, only the matched methods touched, and Byte Buddy never loads; on Java 17 to 23 Byte Buddy's
 * {@code Advice} inlines {@link ProbeAdvice} ({@link ByteBuddyProbes}).
 */
public final class ProbeInstaller {
    /**
     * Classes that the probe's own path runs through (the stripe's thread id, the owner's
     * liveness, the lane's thread-local, sampling, the clock, HdrHistogram's recorder and its
     * resizing with Arrays.copyOf, JFR writing the totals): a probe there would call itself.
     */
    static final List<String> PROBE_PATH = List.of("java.lang.Thread", "java.lang.VirtualThread", "java.lang.ThreadLocal",
            "java.lang.Math", "java.lang.StrictMath",
            "java.lang.Long", "java.lang.Integer", "java.lang.Object", "java.lang.invoke.", "java.util.concurrent.atomic.",
            "java.util.concurrent.ThreadLocalRandom", "java.util.Arrays", "java.lang.ref.", "jdk.internal.", "jdk.jfr.", "sun.",
            "java.lang.instrument.", "java.lang.classfile.", "java.lang.constant.");

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
    /** The methods a filter matched and perfstat did not probe, by name, each with why; at most {@link #MAX_NOT_PROBED}. */
    private final Map<String, NotProbedMethod> notProbed = new java.util.concurrent.ConcurrentHashMap<>();
    /**
     * Per class (its binary name), the probes {@link #probeIds} gave its methods, with the filters that matched each: taken
     * back where the class then cannot be rewritten ({@link #failed}), dropped once it is ({@link #rewritten}).
     */
    private final Map<String, List<Given>> given = new java.util.concurrent.ConcurrentHashMap<>();
    private final TransformClock clock = new TransformClock();
    /** Byte Buddy's installation (Java 17 to 23, or where asked for), or null. */
    private ByteBuddyProbes byteBuddy;
    /** The ClassFile API's transformer (Java 24 and later), or null. */
    private ClassFileInstall classFile;
    private boolean forceByteBuddy;
    /** The filter whose methods open the counters' window at their first call, or null. */
    private volatile ProbeFilter trigger;
    /** The filter whose methods' calls are the program's iterations ({@link IterationSeries}), or null. */
    private volatile ProbeFilter iteration;

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

    /** The most methods named as not probed; past it they are counted only ({@link #errors}, {@link #skippedInvisible}). */
    static final int MAX_NOT_PROBED = 256;

    /**
     * A method a filter matched and perfstat did not probe: the method as its probe's row would name it ({@code
     * pkg.Class::method}, its parameter types where overloads are apart; the pattern where no method was looked at),
     * why, for a class that could not be rewritten the exception's class name (never its message: it may hold a path,
     * "" otherwise), and the pattern that matched it, as given.
     */
    public record NotProbedMethod(String method, perfstat.format.NotProbed reason, String detail, String pattern) {
    }

    /** A probe given to a method of a class being rewritten, and the filters that matched it. */
    private record Given(String probe, List<ProbeFilter> hits) {
    }

    /** Whether {@code name} is one of the JDK's classes. */
    static boolean jdkClass(String name) {
        return name.startsWith("java.") || name.startsWith("jdk.") || name.startsWith("sun.") || name.startsWith("com.sun.");
    }

    /** Whether the probe runtime is the boot loader's, so that the JDK's classes can call it. */
    static boolean onBootClassPath() {
        return Probes.class.getClassLoader() == null;
    }

    static boolean onProbePath(String name) {
        for (String p : PROBE_PATH) {
            if (p.endsWith(".") ? name.startsWith(p) : name.equals(p) || name.startsWith(p + "$")) {
                return true;
            }
        }
        return false;
    }

    void tell(String key, String line) {
        if (told.add(key)) {
            say.accept(line);
        }
    }

    /** Probes with Byte Buddy even where the ClassFile API is there (to compare the two; a JVM before 24 always does). */
    public ProbeInstaller byteBuddy(boolean force) {
        this.forceByteBuddy = force;
        return this;
    }

    /** Which transformer probes the classes in this JVM: {@code classfile} (Java 24+) or {@code bytebuddy}. */
    public String transformer() {
        return !forceByteBuddy && ClassFileProbes.available() ? "classfile" : "bytebuddy";
    }

    private boolean classFileApi() {
        return transformer().equals("classfile");
    }

    /**
     * Does ahead of {@link #install}, on any thread, what costs most in a JVM's first install and
     * touches no class: the transformer's first run on a class of perfstat's own (bytes in, bytes out, nothing
     * defined), so that the classes it loads and its first runs of their code are part of the agent's start, on its
     * own thread, and not of the first probed class that the application loads, on the application's thread inside
     * the window (with Byte Buddy, a Jackson ObjectMapper's first load took 230-290 ms of CPU there). The agent runs
     * it alongside JFR's start.
     */
    public void prepare() {
        if (filters.isEmpty()) {
            return;
        }
        clock.prepare();
        if (classFileApi()) {
            ClassFileProbes.warmUp();
        } else {
            ByteBuddyProbes.prepare();
        }
    }

    public void install(Instrumentation inst) {
        if (filters.isEmpty()) {
            return;
        }
        if (!clock.available()) {
            clock.prepare(); // installed without prepare(): here, before any class goes through it
        }
        for (ProbeFilter f : filters) {
            String cls = f.className();
            if (cls != null && jdkClass(cls) && onProbePath(cls)) {
                tell(f.toString(), "cannot probe '" + f + "': perfstat's probe itself runs through " + cls
                        + ", so a probe there would call itself");
                notProbed(f.toString(), perfstat.format.NotProbed.PROBE_PATH, "", f);
            } else if (cls != null && jdkClass(cls) && !onBootClassPath()) {
                tell(f.toString(), "cannot probe '" + f + "': JDK classes need the probe runtime on the boot class path, "
                        + "and it is not there" + (bootReason == null ? "" : " (" + bootReason + ")"));
                notProbed(f.toString(), perfstat.format.NotProbed.NOT_ON_BOOT_CLASS_PATH, "", f);
            }
        }
        Probes.warmUp(); // before any transformer: what it links later must not load a class through it
        if (classFileApi()) {
            classFile = new ClassFileInstall(this, inst);
            classFile.install();
        } else {
            byteBuddy = new ByteBuddyProbes(this);
            byteBuddy.install(inst);
        }
    }

    /**
     * Whether class {@code name} may hold a method that a filter matches: not on the probe's own path, a JDK class
     * only where the runtime is on the boot class path and a filter names it; {@code annotated} says whether the
     * class or one of its methods carries an annotation (asked only for annotation filters).
     */
    boolean typeMatches(String name, java.util.function.Predicate<String> annotated) {
        boolean jdk = jdkClass(name);
        if (jdk && (!onBootClassPath() || onProbePath(name))) {
            return false;
        }
        for (ProbeFilter f : filters) {
            if (f.annotation() != null ? !jdk && annotated.test(f.annotation()) : f.matchesClass(name) && (!jdk || f.className() != null)) {
                return true;
            }
        }
        return false;
    }

    /**
     * One method of a class that a transformer looks at: its name ({@code <init>}, {@code <clinit>} as they are), its
     * parameter types erased by full name ({@code java.lang.String[]}, {@code a.B$C}) and by simple name ({@code
     * String[]}, {@code C}), whether it has bytecode, and the annotations it carries (full names).
     */
    record MethodFacts(String name, List<String> parameterTypes, List<String> parameterSimpleNames, boolean isAbstract,
                       boolean isNative, Set<String> annotations) {
    }

    /**
     * The probe id of each of {@code methods} of class {@code cls} (carrying {@code classAnnotations}) that a filter
     * matches, -1 for the others: overloads a filter matches are told apart by their parameter types unless merged,
     * native and abstract methods that a filter names are said in one line each, each method counted for the filters
     * that match it. Both transformers ask here, so that they probe the same methods under the same names.
     */
    int[] probeIds(String cls, Set<String> classAnnotations, List<MethodFacts> methods) {
        int[] ids = new int[methods.size()];
        List<List<ProbeFilter>> hits = new ArrayList<>(methods.size());
        Map<String, Integer> overloads = new java.util.HashMap<>();
        for (MethodFacts m : methods) {
            List<ProbeFilter> h = matching(cls, classAnnotations, m);
            hits.add(h);
            if (!h.isEmpty() && !m.isAbstract() && !m.isNative()) {
                overloads.merge(m.name(), 1, Integer::sum);
            }
        }
        List<Given> gave = new ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            ids[i] = probeId(cls, methods.get(i), hits.get(i), overloads);
            if (ids[i] >= 0) {
                gave.add(new Given(probeName(cls, methods.get(i), overloads, hits.get(i)), hits.get(i)));
            }
        }
        if (!gave.isEmpty()) {
            given.put(cls, gave);
        }
        return ids;
    }

    /**
     * The probe's name of method {@code m} of class {@code cls}: with its parameters' simple names where overloads are
     * apart, or where a filter that matched it names its parameters (a signature's row says which overload it counts,
     * merged or not, where it is the one overload of its name matched).
     */
    private String probeName(String cls, MethodFacts m, Map<String, Integer> overloads, List<ProbeFilter> hits) {
        boolean several = overloads.getOrDefault(m.name(), 0) > 1;
        boolean signature = hits.stream().anyMatch(f -> f.parameters() != null);
        // merged, the name stands for the overloads matched: types only where a signature matched the one
        boolean typed = mergeOverloads ? !several && signature : several || signature;
        return cls + "::" + m.name() + (typed ? "(" + String.join(",", m.parameterSimpleNames()) + ")" : "");
    }

    /**
     * Class {@code cls} (its methods {@code methods}) is not probed, as its loader cannot see the probe runtime: each
     * method with bytecode that a filter matches is named not probed, with that reason.
     */
    void invisible(String cls, Set<String> classAnnotations, List<MethodFacts> methods) {
        Map<String, Integer> overloads = new java.util.HashMap<>();
        List<List<ProbeFilter>> hits = new ArrayList<>(methods.size());
        for (MethodFacts m : methods) {
            List<ProbeFilter> h = m.isAbstract() || m.isNative() ? List.of() : matching(cls, classAnnotations, m);
            hits.add(h);
            if (!h.isEmpty()) {
                overloads.merge(m.name(), 1, Integer::sum);
            }
        }
        for (int i = 0; i < methods.size(); i++) {
            if (!hits.get(i).isEmpty()) {
                notProbed(probeName(cls, methods.get(i), overloads, hits.get(i)), perfstat.format.NotProbed.LOADER_CANNOT_SEE_PROBES, "",
                        hits.get(i).get(0));
            }
        }
    }

    /**
     * Class {@code cls} could not be rewritten ({@code e}), and is left as it was: counted, and each method {@link
     * #probeIds} gave a probe is named not probed (its probe no longer counted as a method probed); where none was given
     * yet (the class failed before its methods were looked at), each filter that names the class stands for its methods.
     */
    void failed(String cls, Throwable e) {
        countError();
        tell("rewrite:" + cls, "cannot probe " + cls + ": the class could not be rewritten (" + e + "); left as it was");
        String detail = e == null ? "" : e.getClass().getSimpleName();
        List<Given> gave = cls == null ? null : given.remove(cls);
        if (gave != null) {
            for (Given g : gave) {
                instrumentedMethods.decrementAndGet();
                g.hits().forEach(f -> matched.get(f).decrementAndGet());
                notProbed(g.probe(), perfstat.format.NotProbed.CLASS_NOT_REWRITTEN, detail, g.hits().get(0));
            }
            return;
        }
        for (ProbeFilter f : filters) {
            if (cls != null && f.className() != null && f.matchesClass(cls)) {
                notProbed(f.methodName() == null ? cls : cls + "::" + f.methodName(), perfstat.format.NotProbed.CLASS_NOT_REWRITTEN,
                        detail, f);
            }
        }
    }

    /** Class {@code cls} was rewritten: the probes given to its methods stand. */
    void rewritten(String cls) {
        if (cls != null) {
            given.remove(cls);
        }
    }

    /** Names {@code method} as not probed, for {@code reason} (the first reason given stands), while fewer than the most are. */
    void notProbed(String method, perfstat.format.NotProbed reason, String detail, ProbeFilter f) {
        if (notProbed.size() < MAX_NOT_PROBED) {
            notProbed.putIfAbsent(method, new NotProbedMethod(method, reason, detail, f == null ? "" : f.toString()));
        }
    }

    /** The methods a filter matched and perfstat did not probe so far, each with why. */
    public List<NotProbedMethod> notProbed() {
        return List.copyOf(notProbed.values());
    }

    private int probeId(String cls, MethodFacts m, List<ProbeFilter> hits, Map<String, Integer> overloads) {
        if (hits.isEmpty()) {
            return -1;
        }
        if (m.isAbstract() || m.isNative()) {
            ProbeFilter named = hits.stream().filter(f -> f.className() != null && f.methodName() != null).findFirst().orElse(null);
            if (named != null) {
                tell(cls + "::" + m.name(), "cannot probe " + cls + "::" + m.name() + ": "
                        + (m.isNative() ? "a native method" : "an abstract method") + " has no bytecode to put a probe in");
                notProbed(cls + "::" + m.name(), m.isNative() ? perfstat.format.NotProbed.NATIVE : perfstat.format.NotProbed.ABSTRACT,
                        "", named);
            }
            return -1;
        }
        String probe = probeName(cls, m, overloads, hits);
        int id = Probes.idFor(probe);
        if (id < 0) {
            dropped.add(probe);
            notProbed(probe, perfstat.format.NotProbed.PROBE_LIMIT, "", hits.get(0));
            return -1;
        }
        hits.forEach(f -> matched.get(f).incrementAndGet());
        if (trigger != null && hits.contains(trigger)) {
            Probes.arm(id); // the counters' window opens at its first call
        }
        if (iteration != null && hits.contains(iteration)) {
            Probes.everyCall(id); // each call an iteration, timed
        }
        instrumentedMethods.incrementAndGet();
        return id;
    }

    /** The filters that method {@code m} of class {@code cls} matches. */
    private List<ProbeFilter> matching(String cls, Set<String> classAnnotations, MethodFacts m) {
        List<ProbeFilter> hits = new ArrayList<>();
        boolean jdk = jdkClass(cls);
        for (ProbeFilter f : filters) {
            // an annotated class: all its methods but the static initialiser; else the annotated methods
            boolean hit = f.annotation() != null
                    ? !jdk && ((classAnnotations.contains(f.annotation()) && !m.name().equals(ProbeFilter.STATIC_INITIALIZER))
                            || m.annotations().contains(f.annotation()))
                    : f.matches(cls, m.name()) && (!jdk || f.className() != null) && f.matchesParameters(m.parameterTypes());
            if (hit) {
                hits.add(f);
            }
        }
        return hits;
    }

    /** Counts a method probed through its id (a class file before Java 11, or a JDK class). */
    void countedById() {
        instrumentedById.incrementAndGet();
    }

    void countInvisible() {
        skippedInvisible.incrementAndGet();
    }

    void countError() {
        errors.incrementAndGet();
    }

    /** How many methods each filter has matched so far, by its pattern, in the filters' order. */
    public Map<String, Long> matchesByPattern() {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        matched.forEach((f, n) -> out.merge(f.toString(), n.get(), Long::sum));
        return out;
    }

    private String bootReason;
    private boolean mergeOverloads;

    /** The filter whose methods' first call opens the counters' window ({@link Probes#arm}); it must be among the filters. */
    public ProbeInstaller trigger(ProbeFilter f) {
        this.trigger = f;
        return this;
    }

    /** The filter whose methods' calls are iterations, each timed ({@link Probes#everyCall}); it must be among the filters. */
    public ProbeInstaller iteration(ProbeFilter f) {
        this.iteration = f;
        return this;
    }

    /** Whether the overloads of a method that the filters match count as one probe ({@code Class::method}), not one each. */
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
    boolean seesProbes(ClassLoader loader) {
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
        if (byteBuddy != null) {
            byteBuddy.uninstall(inst);
            byteBuddy = null;
        }
        if (classFile != null) {
            classFile.uninstall();
            classFile = null;
        }
    }

    /** The application threads' CPU time in the transformer (perfstat's work on their threads, not theirs). */
    public TransformClock clock() {
        return clock;
    }

    /** The filters, in their order. */
    List<ProbeFilter> filters() {
        return filters;
    }

    /**
     * The internal names ({@code a/b/C}) of the classes the filters name, where every filter names its class; null
     * where one may match any class ({@code ::method}, {@code @Annotation}), so that each class must be looked at.
     */
    java.util.Set<String> namedClasses() {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (ProbeFilter f : filters) {
            if (f.className() == null) {
                return null;
            }
            names.add(f.className().replace('.', '/'));
        }
        return names;
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
