package perfstat.agent.probe;

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
 * from now on and (with retransformation) in classes already loaded. Skips classes whose
 * loader cannot see {@link Probes} (the boot and platform loaders, isolated loaders), the
 * JDK, and perfstat itself, and counts what it skipped or failed.
 */
public final class ProbeInstaller {
    private static final Method CELLS = cellsMethod();

    private final List<ProbeFilter> filters;
    private final AtomicLong instrumentedMethods = new AtomicLong();
    private final AtomicLong instrumentedById = new AtomicLong();
    private final AtomicLong skippedInvisible = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final Map<ClassLoader, Boolean> visibility = new WeakHashMap<>();
    private ResettableClassFileTransformer transformer;

    public ProbeInstaller(List<ProbeFilter> filters) {
        this.filters = List.copyOf(filters);
    }

    private static Method cellsMethod() {
        try {
            return Probes.class.getMethod("cells", int.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    public void install(Instrumentation inst) {
        if (filters.isEmpty()) {
            return;
        }
        // Advice is inlined and nothing is injected, so Byte Buddy needs no Unsafe; saying so keeps
        // JDK 24+ from printing its Unsafe deprecation warning into the host's stderr. The property
        // name is relocated with Byte Buddy, so a host's own Byte Buddy is not affected.
        if (System.getProperty(ClassInjector.UsingUnsafe.SAFE_PROPERTY) == null) {
            System.setProperty(ClassInjector.UsingUnsafe.SAFE_PROPERTY, "true");
        }
        ElementMatcher<TypeDescription> types = type -> {
            String name = type.getName();
            for (ProbeFilter f : filters) {
                if (f.matchesClass(name)) {
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
                .ignore(nameStartsWith("java.").or(nameStartsWith("jdk.")).or(nameStartsWith("sun."))
                        .or(nameStartsWith("com.sun.")).or(nameStartsWith("perfstat.agent."))
                        .or(nameStartsWith("perfstat.shaded.")).or(nameStartsWith("net.bytebuddy.")))
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
        for (MethodDescription.InDefinedShape m : type.getDeclaredMethods()) {
            if (m.isAbstract() || m.isNative() || m.isConstructor() || m.isTypeInitializer()) {
                continue;
            }
            String methodName = m.getName();
            if (!matchesAny(className, methodName)) {
                continue;
            }
            int id = Probes.idFor(className + "::" + methodName);
            if (id < 0) {
                continue;
            }
            instrumentedMethods.incrementAndGet();
            Advice.WithCustomMapping mapping = Advice.withCustomMapping().bind(ProbeId.class, id);
            Advice advice;
            if (holdsDynamicConstants(type)) {
                advice = mapping.bind(ProbeCells.class, JavaConstant.Dynamic.ofInvocation(CELLS, id))
                        .to(ProbeAdvice.Constant.class, ProbeAdvice.class);
            } else {
                instrumentedById.incrementAndGet();
                advice = mapping.to(ProbeAdvice.ById.class, ProbeAdvice.class);
            }
            builder = builder.visit(advice.on(ElementMatchers.is(m)));
        }
        return builder;
    }

    /** Whether the class file may hold a dynamic constant (Java 11 and later). */
    private static boolean holdsDynamicConstants(TypeDescription type) {
        ClassFileVersion version = type.getClassFileVersion();
        return version != null && version.isAtLeast(ClassFileVersion.JAVA_V11);
    }

    private boolean matchesAny(String cls, String method) {
        for (ProbeFilter f : filters) {
            if (f.matches(cls, method)) {
                return true;
            }
        }
        return false;
    }

    /** Whether code in classes of {@code loader} resolves {@link Probes} to this very class. */
    private boolean seesProbes(ClassLoader loader) {
        if (loader == null) {
            return false;
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
}
