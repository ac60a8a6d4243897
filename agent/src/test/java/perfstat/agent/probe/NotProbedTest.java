package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.ByteBuddyAgent;
import net.bytebuddy.description.modifier.MethodManifestation;
import net.bytebuddy.description.modifier.Ownership;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.implementation.FixedValue;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import perfstat.format.NotProbed;

/**
 * The methods a filter matches that perfstat does not probe, each named with why (Byte Buddy's path, in this JVM; the
 * ClassFile API's is TransformPathsIT's on a Java 25 target): a class that cannot be rewritten loads and runs as it was
 * and its methods are named, with the exception's class, and no longer counted as probed; a class whose loader cannot
 * see the probes, native and abstract methods a pattern names, a JDK class on the probe's own path.
 */
class NotProbedTest {
    /** A tableswitch's cases: 4 bytes each, 65,512 bytes with its opcode, padding and bounds, 65,516 with the method's loads and return. */
    private static final int CASES = 16_375;

    private static final String HUGE = "perfstat.testapp.Huge";
    private Instrumentation inst;
    private ProbeInstaller installer;
    private final List<String> said = new ArrayList<>();

    @BeforeEach
    void install() {
        inst = ByteBuddyAgent.install();
        installer = new ProbeInstaller(List.of(ProbeFilter.parse(HUGE + "::big"), ProbeFilter.parse(HUGE + "::small"),
                ProbeFilter.parse("perfstat.testapp.NotProbedUnseen"), ProbeFilter.parse("perfstat.testapp.Natives::now"),
                ProbeFilter.parse("perfstat.testapp.Shape::area"), ProbeFilter.parse("java.lang.Thread::onSpinWait")), said::add);
        installer.install(inst);
    }

    @AfterEach
    void uninstall() {
        installer.uninstall(inst);
    }

    private Map<String, ProbeInstaller.NotProbedMethod> notProbed() {
        return installer.notProbed().stream().collect(Collectors.toMap(ProbeInstaller.NotProbedMethod::method, Function.identity()));
    }

    @Test
    void aClassThatCannotBeRewrittenRunsAsItWasAndItsMethodsAreNamedWithTheExceptionsClass() throws Exception {
        long errors = installer.errors();
        Class<?> huge = new BytesLoader(NotProbedTest.class.getClassLoader()).define(HUGE, hugeClass());
        Method big = huge.getMethod("big", int.class);
        Method small = huge.getMethod("small", int.class);
        assertThat(big.invoke(null, 1)).isEqualTo(1);
        assertThat(small.invoke(null, 1)).isEqualTo(2);
        assertThat(installer.errors()).isEqualTo(errors + 1);
        assertThat(notProbed()).containsEntry(HUGE + "::big", new ProbeInstaller.NotProbedMethod(HUGE + "::big",
                NotProbed.CLASS_NOT_REWRITTEN, "MethodTooLargeException", HUGE + "::big"));
        assertThat(notProbed()).containsEntry(HUGE + "::small", new ProbeInstaller.NotProbedMethod(HUGE + "::small",
                NotProbed.CLASS_NOT_REWRITTEN, "MethodTooLargeException", HUGE + "::small"));
        // no longer counted as probed: the patterns matched nothing probed, and the installer probed no method
        assertThat(installer.matchesByPattern()).containsEntry(HUGE + "::big", 0L).containsEntry(HUGE + "::small", 0L);
        assertThat(installer.instrumentedMethods()).isZero();
        assertThat(said).contains("cannot probe perfstat.testapp.Huge: the class could not be rewritten (net.bytebuddy.jar.asm"
                + ".MethodTooLargeException: Method too large: perfstat/testapp/Huge.big (I)I); left as it was");
    }

    @Test
    void aClassWhoseLoaderCannotSeeTheProbesHasItsMethodsNamed() throws Exception {
        byte[] unseen = new ByteBuddy().subclass(Object.class).name("perfstat.testapp.NotProbedUnseen")
                .defineMethod("answer", int.class, Visibility.PUBLIC).intercept(FixedValue.value(42))
                .defineMethod("question", String.class, Visibility.PUBLIC).intercept(FixedValue.value("?")).make().getBytes();
        long errors = installer.errors(); // a class of another test loaded before, retransformed at install, may fail
        new BytesLoader(ClassLoader.getPlatformClassLoader()).define("perfstat.testapp.NotProbedUnseen", unseen);
        assertThat(installer.skippedInvisible()).isEqualTo(1);
        assertThat(installer.errors()).isEqualTo(errors);
        assertThat(notProbed()).containsKeys("perfstat.testapp.NotProbedUnseen::answer", "perfstat.testapp.NotProbedUnseen::question",
                "perfstat.testapp.NotProbedUnseen::<init>");
        assertThat(notProbed().get("perfstat.testapp.NotProbedUnseen::answer").reason()).isEqualTo(NotProbed.LOADER_CANNOT_SEE_PROBES);
    }

    @Test
    void nativeAndAbstractMethodsAPatternNamesAreNamedAndAClassOnTheProbesPathIsNamedByItsPattern() throws Exception {
        long errors = installer.errors();
        BytesLoader loader = new BytesLoader(NotProbedTest.class.getClassLoader());
        loader.define("perfstat.testapp.Natives", new ByteBuddy().subclass(Object.class).name("perfstat.testapp.Natives")
                .defineMethod("now", long.class, Visibility.PUBLIC, Ownership.STATIC, MethodManifestation.NATIVE).withoutCode()
                .make().getBytes());
        loader.define("perfstat.testapp.Shape", new ByteBuddy().makeInterface().name("perfstat.testapp.Shape")
                .defineMethod("area", double.class, Visibility.PUBLIC).withoutCode().make().getBytes());
        Map<String, ProbeInstaller.NotProbedMethod> n = notProbed();
        assertThat(n.get("perfstat.testapp.Natives::now").reason()).isEqualTo(NotProbed.NATIVE);
        assertThat(n.get("perfstat.testapp.Shape::area").reason()).isEqualTo(NotProbed.ABSTRACT);
        assertThat(n.get("java.lang.Thread::onSpinWait").reason()).isEqualTo(NotProbed.PROBE_PATH);
        assertThat(installer.errors()).isEqualTo(errors);
    }

    @Test
    void atMostSoManyMethodsAreNamed() {
        for (int i = 0; i < ProbeInstaller.MAX_NOT_PROBED + 10; i++) {
            installer.notProbed("a.B::m" + i, NotProbed.PROBE_LIMIT, "", null);
        }
        assertThat(installer.notProbed()).hasSize(ProbeInstaller.MAX_NOT_PROBED);
    }

    /**
     * {@code perfstat.testapp.Huge}: {@code static int big(int x)} returns x, through a {@code tableswitch} of
     * {@link #CASES} cases that all go to its return, in all but a few bytes of the most code a method may hold (65,535
     * bytes), so that no probe fits (as a generated parser's or table's method may be); {@code static int small(int x)}
     * returns x + 1. One instruction so large, rather than thousands, keeps the parsers' loops short.
     */
    static byte[] hugeClass() {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL, HUGE.replace('.', '/'), null, "java/lang/Object", null);
        MethodVisitor big = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "big", "(I)I", null, null);
        big.visitCode();
        net.bytebuddy.jar.asm.Label done = new net.bytebuddy.jar.asm.Label();
        net.bytebuddy.jar.asm.Label[] cases = new net.bytebuddy.jar.asm.Label[CASES];
        java.util.Arrays.fill(cases, done);
        big.visitVarInsn(Opcodes.ILOAD, 0);
        big.visitTableSwitchInsn(0, CASES - 1, done, cases);
        big.visitLabel(done);
        big.visitVarInsn(Opcodes.ILOAD, 0);
        big.visitInsn(Opcodes.IRETURN);
        big.visitMaxs(0, 0);
        big.visitEnd();
        MethodVisitor small = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "small", "(I)I", null, null);
        small.visitCode();
        small.visitIincInsn(0, 1);
        small.visitVarInsn(Opcodes.ILOAD, 0);
        small.visitInsn(Opcodes.IRETURN);
        small.visitMaxs(0, 0);
        small.visitEnd();
        w.visitEnd();
        return w.toByteArray();
    }

    /** A loader of classes from bytes, as an application's own loaders define classes. */
    private static final class BytesLoader extends ClassLoader {
        BytesLoader(ClassLoader parent) {
            super(parent);
        }

        Class<?> define(String name, byte[] b) {
            return defineClass(name, b, 0, b.length);
        }
    }
}
