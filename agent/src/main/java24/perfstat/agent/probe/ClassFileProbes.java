package perfstat.agent.probe;

import static java.lang.constant.ConstantDescs.CD_int;
import static java.lang.constant.ConstantDescs.CD_long;
import static java.lang.constant.ConstantDescs.CD_void;

import java.lang.classfile.Attributes;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.Instruction;
import java.lang.classfile.Label;
import java.lang.classfile.MethodModel;
import java.lang.classfile.MethodTransform;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.LineNumber;
import java.lang.classfile.instruction.ReturnInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.DynamicConstantDesc;
import java.lang.constant.MethodHandleDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.reflect.AccessFlag;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The probes put in with the JDK's ClassFile API (this file is in the jar's {@code META-INF/versions/24}): a class's
 * bytes parsed once, and only the methods a filter matches rebuilt, each with the code that {@link ProbeAdvice}'s
 * advice inlines elsewhere, written out:
 * <ol>
 *   <li>on entry, {@code start = Probes.enter(cells, id)} (the cells a dynamic constant; {@code Probes.enter(id)} for
 *       class files before Java 11 and the JDK's classes), a throwable from it caught and {@code start = 0};</li>
 *   <li>each return stores its value and jumps to one exit at the method's end: {@code if (start != 0)
 *       Probes.exit(id, start, System.nanoTime())}, a throwable from it caught, then the value returned;</li>
 *   <li>a handler around the whole original body (not in constructors or static initialisers, as with Byte Buddy)
 *       runs the same exit for a call that throws, and rethrows what it caught.</li>
 * </ol>
 * What is written in has the line {@link perfstat.format.ProbeNames#PROBE_LINE}, so that a method sample taken in it
 * (the clock read, the branch, an inlined call's remains) reads as perfstat's probes, not as the method's code; the
 * method's own instructions keep their lines, as its exceptions' stack traces show. The exits, after the original
 * code, always have it (a method without line numbers still has none for its own code); the entry, before it, only
 * where the original code's first instruction has a line of its own to go back to, which javac always writes; elsewhere
 * the entry is left without, and counts as the method's, as before.
 * Stack maps are computed again for the rebuilt methods, with the class hierarchy read from the class files of the
 * class's loader (as resources: no class is loaded); what cannot be resolved fails the class, which is then left as
 * it was ({@link ClassFileInstall}).
 */
final class ClassFileProbes {
    private static final ClassDesc PROBES = ClassDesc.of(Probes.class.getName());
    private static final ClassDesc SYSTEM = ClassDesc.of("java.lang.System");
    private static final ClassDesc LONGS = CD_long.arrayType();
    private static final MethodTypeDesc ENTER_CELLS = MethodTypeDesc.of(CD_long, LONGS, CD_int);
    private static final MethodTypeDesc ENTER_ID = MethodTypeDesc.of(CD_long, CD_int);
    private static final MethodTypeDesc EXIT = MethodTypeDesc.of(CD_void, CD_int, CD_long, CD_long);
    private static final MethodTypeDesc NANO_TIME = MethodTypeDesc.of(CD_long);
    private static final DirectMethodHandleDesc CELLS = MethodHandleDesc.ofMethod(DirectMethodHandleDesc.Kind.STATIC, PROBES,
            "cells", MethodTypeDesc.of(LONGS, CD_int));
    /** The JDK's own classes, from their class files (the system loader finds the boot loader's as resources). */
    private static final ClassHierarchyResolver JDK = ClassHierarchyResolver.ofResourceParsing(ClassLoader.getSystemClassLoader()).cached();
    /** A class of perfstat's own whose bytes {@link #warmUp} rewrites (and throws away). */
    private static final String WARM_UP = "perfstat/format/ProbeNames";

    private ClassFileProbes() {
    }

    static boolean available() {
        return true;
    }

    /** Rewrites one method of a class of perfstat's own, bytes in and bytes out: the ClassFile API's first use. */
    static void warmUp() {
        try (java.io.InputStream in = ProbeInstaller.class.getResourceAsStream("/" + WARM_UP + ".class")) {
            if (in == null) {
                return;
            }
            ClassModel model = ClassFile.of().parse(in.readAllBytes());
            Map<String, Integer> ids = new HashMap<>();
            for (MethodModel m : model.methods()) {
                if (m.methodName().equalsString("simple")) {
                    ids.put(key(m), 0);
                }
            }
            rewrite(model, resolver(ProbeInstaller.class.getClassLoader()), ids, false);
        } catch (java.io.IOException | RuntimeException e) {
            // the first probed class pays for it then
        }
    }

    /** Class {@code cls}'s bytes with the probes in, or null where no method of it is probed. Throws where it cannot. */
    static byte[] rewrite(ProbeInstaller installer, ClassLoader loader, String cls, byte[] bytes) {
        ClassModel model = ClassFile.of().parse(bytes);
        List<MethodModel> methods = model.methods();
        List<ProbeInstaller.MethodFacts> facts = new ArrayList<>(methods.size());
        for (MethodModel m : methods) {
            facts.add(facts(m));
        }
        int[] ids = installer.probeIds(cls, annotations(model.findAttribute(Attributes.runtimeVisibleAnnotations())), facts);
        Map<String, Integer> probed = new HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] >= 0) {
                probed.put(key(methods.get(i)), ids[i]);
            }
        }
        if (probed.isEmpty()) {
            return null;
        }
        // the JDK's classes look their cells up by id, as with Byte Buddy (a dynamic constant runs the JDK's code)
        boolean byId = model.majorVersion() < ClassFile.JAVA_11_VERSION || loader == null
                || loader == ClassLoader.getPlatformClassLoader();
        if (byId) {
            probed.values().forEach(id -> installer.countedById());
        }
        return rewrite(model, resolver(loader), probed, byId);
    }

    /**
     * Class {@code cls}, whose loader cannot see the probe runtime, is not probed: its methods that a filter matches are
     * named so ({@link ProbeInstaller#invisible}). Where its bytes do not parse, it is counted only.
     */
    static void invisible(ProbeInstaller installer, String cls, byte[] bytes) {
        try {
            ClassModel model = ClassFile.of().parse(bytes);
            List<ProbeInstaller.MethodFacts> facts = new ArrayList<>();
            for (MethodModel m : model.methods()) {
                facts.add(facts(m));
            }
            installer.invisible(cls, annotations(model.findAttribute(Attributes.runtimeVisibleAnnotations())), facts);
        } catch (RuntimeException e) {
            // counted as invisible all the same
        }
    }

    private static byte[] rewrite(ClassModel model, ClassHierarchyResolver resolver, Map<String, Integer> ids, boolean byId) {
        return ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(resolver)).transformClass(model, (cb, ce) -> {
            Integer id = ce instanceof MethodModel m && m.code().isPresent() ? ids.get(key(m)) : null;
            if (id == null) {
                cb.with(ce);
                return;
            }
            MethodModel m = (MethodModel) ce;
            String name = m.methodName().stringValue();
            boolean handler = !name.equals(ProbeFilter.CONSTRUCTOR) && !name.equals(ProbeFilter.STATIC_INITIALIZER);
            TypeKind returns = TypeKind.from(m.methodTypeSymbol().returnType()).asLoadable();
            boolean entryLine = linedFirst(m.code().get());
            cb.transformMethod(m, MethodTransform.transformingCode(new ProbeCode(id, byId, handler, returns, entryLine)));
        });
    }

    /** Whether a line number comes before the code's first instruction: the line the code starts at, after the entry's. */
    private static boolean linedFirst(CodeModel code) {
        for (CodeElement e : code) {
            if (e instanceof LineNumber) {
                return true;
            }
            if (e instanceof Instruction) {
                return false;
            }
        }
        return false;
    }

    /** The class hierarchy as the class files of {@code loader} (and the JDK's) describe it, for one class's rewriting. */
    private static ClassHierarchyResolver resolver(ClassLoader loader) {
        return loader == null ? JDK : ClassHierarchyResolver.ofResourceParsing(loader).orElse(JDK).cached();
    }

    private static String key(MethodModel m) {
        return m.methodName().stringValue() + m.methodType().stringValue();
    }

    private static ProbeInstaller.MethodFacts facts(MethodModel m) {
        List<String> full = new ArrayList<>();
        List<String> simple = new ArrayList<>();
        for (ClassDesc p : m.methodTypeSymbol().parameterList()) {
            full.add(fullName(p));
            simple.add(simpleName(p));
        }
        return new ProbeInstaller.MethodFacts(m.methodName().stringValue(), full, simple, m.flags().has(AccessFlag.ABSTRACT),
                m.flags().has(AccessFlag.NATIVE), annotations(m.findAttribute(Attributes.runtimeVisibleAnnotations())));
    }

    private static Set<String> annotations(Optional<java.lang.classfile.attribute.RuntimeVisibleAnnotationsAttribute> a) {
        Set<String> names = new HashSet<>();
        a.ifPresent(list -> list.annotations().forEach(x -> names.add(fullName(x.classSymbol()))));
        return names;
    }

    /** {@code java.lang.String[]}, {@code a.B$C}, {@code int}: as {@link Class#getTypeName} gives them. */
    static String fullName(ClassDesc d) {
        if (d.isArray()) {
            return fullName(d.componentType()) + "[]";
        }
        if (d.isPrimitive()) {
            return d.displayName();
        }
        String s = d.descriptorString();
        return s.substring(1, s.length() - 1).replace('/', '.');
    }

    /** {@code String[]}, {@code C} (of {@code a.B$C}), {@code int}. */
    static String simpleName(ClassDesc d) {
        if (d.isArray()) {
            return simpleName(d.componentType()) + "[]";
        }
        String full = fullName(d);
        String tail = full.substring(full.lastIndexOf('.') + 1);
        return tail.substring(tail.lastIndexOf('$') + 1);
    }

    /** The probe written into one method's code. */
    private static final class ProbeCode implements CodeTransform {
        private final int id;
        private final boolean byId;
        private final boolean handler;
        private final TypeKind returns;
        private final boolean entryLine;
        private int start;
        private int result = -1;
        private Label body;
        private Label normalExit;
        private boolean returned;

        ProbeCode(int id, boolean byId, boolean handler, TypeKind returns, boolean entryLine) {
            this.id = id;
            this.byId = byId;
            this.handler = handler;
            this.returns = returns;
            this.entryLine = entryLine;
        }

        @Override
        public void atStart(CodeBuilder b) {
            start = b.allocateLocal(TypeKind.LONG);
            if (returns != TypeKind.VOID) {
                result = b.allocateLocal(returns);
            }
            normalExit = b.newLabel();
            if (entryLine) {
                b.lineNumber(perfstat.format.ProbeNames.PROBE_LINE); // the original code's first line follows the entry
            }
            suppressed(b, this::enter, c -> {
                c.lconst_0();
                c.lstore(start);
            });
            body = b.newBoundLabel();
        }

        private void enter(CodeBuilder b) {
            if (byId) {
                b.loadConstant(id);
                b.invokestatic(PROBES, "enter", ENTER_ID);
            } else {
                b.loadConstant(DynamicConstantDesc.ofNamed(ConstantDescs.BSM_INVOKE, "cells", LONGS, CELLS, id));
                b.loadConstant(id);
                b.invokestatic(PROBES, "enter", ENTER_CELLS);
            }
            b.lstore(start);
        }

        @Override
        public void accept(CodeBuilder b, CodeElement e) {
            if (e instanceof ReturnInstruction) {
                if (result >= 0) {
                    b.storeLocal(returns, result);
                }
                b.goto_(normalExit);
                returned = true;
            } else {
                b.with(e);
            }
        }

        @Override
        public void atEnd(CodeBuilder b) {
            Label end = b.newBoundLabel();
            if (handler || returned) {
                b.lineNumber(perfstat.format.ProbeNames.PROBE_LINE); // no original code follows (and some code does)
            }
            if (handler) {
                Label thrown = b.newBoundLabel();
                int t = b.allocateLocal(TypeKind.REFERENCE);
                b.astore(t);
                suppressed(b, this::exit, c -> { });
                b.aload(t);
                b.athrow();
                b.exceptionCatchAll(body, end, thrown);
            }
            if (returned) {
                b.labelBinding(normalExit);
                suppressed(b, this::exit, c -> { });
                if (result >= 0) {
                    b.loadLocal(returns, result);
                }
                b.return_(returns);
            }
        }

        /** {@code if (start != 0) Probes.exit(id, start, System.nanoTime())}. */
        private void exit(CodeBuilder b) {
            Label untimed = b.newLabel();
            b.lload(start);
            b.lconst_0();
            b.lcmp();
            b.ifeq(untimed);
            b.loadConstant(id);
            b.lload(start);
            b.invokestatic(SYSTEM, "nanoTime", NANO_TIME);
            b.invokestatic(PROBES, "exit", EXIT);
            b.labelBinding(untimed);
        }

        /** {@code work} inside a handler of any throwable, which pops it and runs {@code caught}. */
        private static void suppressed(CodeBuilder b, Consumer<CodeBuilder> work, Consumer<CodeBuilder> caught) {
            Label from = b.newBoundLabel();
            work.accept(b);
            Label to = b.newBoundLabel();
            Label done = b.newLabel();
            b.goto_(done);
            Label handler = b.newBoundLabel();
            b.pop();
            caught.accept(b);
            b.labelBinding(done);
            b.exceptionCatchAll(from, to, handler);
        }
    }
}
