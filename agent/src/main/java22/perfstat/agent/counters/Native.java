package perfstat.agent.counters;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The native layer for Java 22 and later (this file is in the jar's
 * {@code META-INF/versions/22}): perf_event_open, read, close and getrusage through the
 * Foreign Function &amp; Memory API, from the C library the JVM already has loaded.
 *
 * <p>It is used only where the JVM grants native access to perfstat
 * ({@code --enable-native-access=ALL-UNNAMED}): otherwise the JDK would print a warning into
 * the host's output at the first call, so perfstat counts from procfs instead and says why.
 */
final class Native {
    private static final PerfSyscalls SYSCALLS;
    private static final String REASON;

    static {
        PerfSyscalls s = null;
        String reason = null;
        try {
            long nr = syscallNumber();
            if (!"Linux".equals(System.getProperty("os.name"))) {
                reason = "perf_event_open is Linux only";
            } else if (nr < 0) {
                reason = "perfstat does not know perf_event_open's number on " + System.getProperty("os.arch");
            } else if (!Native.class.getModule().isNativeAccessEnabled()) {
                reason = "native access is not enabled for perfstat (add --enable-native-access=ALL-UNNAMED)";
            } else {
                s = new Ffm(nr);
            }
        } catch (Throwable t) {
            reason = "FFM could not link the C library (" + t + ")";
        }
        SYSCALLS = s;
        REASON = reason;
    }

    private Native() {
    }

    static PerfSyscalls syscalls() {
        return SYSCALLS;
    }

    static String unavailableReason() {
        return REASON;
    }

    private static long syscallNumber() {
        return switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> 298;
            case "aarch64" -> 241;
            default -> -1;
        };
    }

    private static final class Ffm implements PerfSyscalls {
        private static final int RUSAGE_SELF = 0;
        /** struct rusage on 64-bit Linux: two timevals, then fourteen longs. */
        private static final int RUSAGE_SIZE = 144;

        private final long nr;
        private final StructLayout captureLayout = Linker.Option.captureStateLayout();
        private final VarHandle errno = captureLayout.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        private final MethodHandle syscall;
        private final MethodHandle read;
        private final MethodHandle close;
        private final MethodHandle getrusage;
        /** Buffers reused by every call; the methods are synchronized. */
        private final MemorySegment capture;
        private final MemorySegment attr;
        private final MemorySegment values;
        private final MemorySegment rusage;

        Ffm(long nr) {
            this.nr = nr;
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            Linker.Option errnoOption = Linker.Option.captureCallState("errno");
            // long syscall(long number, ...): every variadic argument passed as a long
            syscall = linker.downcallHandle(libc.find("syscall").orElseThrow(),
                    FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG),
                    Linker.Option.firstVariadicArg(1), errnoOption);
            read = linker.downcallHandle(libc.find("read").orElseThrow(),
                    FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG), errnoOption);
            close = linker.downcallHandle(libc.find("close").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT));
            getrusage = linker.downcallHandle(libc.find("getrusage").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
            Arena arena = Arena.ofAuto();
            capture = arena.allocate(captureLayout);
            attr = arena.allocate(256, 8);
            values = arena.allocate(3 * Long.BYTES, 8);
            rusage = arena.allocate(RUSAGE_SIZE, 8);
        }

        private int errno() {
            return (int) errno.get(capture, 0L);
        }

        @Override
        public synchronized long perfEventOpen(byte[] a, int tid, int cpu, int groupFd, long flags) {
            try {
                attr.fill((byte) 0);
                MemorySegment.copy(MemorySegment.ofArray(a), 0, attr, 0, a.length);
                long r = (long) syscall.invokeExact(capture, nr, attr, (long) tid, (long) cpu, (long) groupFd, flags);
                return r < 0 ? -errno() : r;
            } catch (Throwable t) {
                return -Errno.EINVAL;
            }
        }

        @Override
        public synchronized long readCounter(int fd, long[] out) {
            try {
                long n = (long) read.invokeExact(capture, fd, values, (long) (3 * Long.BYTES));
                if (n < 0) {
                    return -errno();
                }
                if (n != 3 * Long.BYTES) {
                    return -Errno.EINVAL;
                }
                for (int i = 0; i < 3; i++) {
                    out[i] = values.getAtIndex(JAVA_LONG, i);
                }
                return 0;
            } catch (Throwable t) {
                return -Errno.EINVAL;
            }
        }

        @Override
        public synchronized void close(int fd) {
            try {
                int ignored = (int) close.invokeExact(fd);
            } catch (Throwable t) {
                // nothing to do: the descriptor goes when the process does
            }
        }

        @Override
        public synchronized long[] rusageSelf() {
            try {
                int r = (int) getrusage.invokeExact(RUSAGE_SELF, rusage);
                if (r != 0) {
                    return null;
                }
                long userNs = rusage.getAtIndex(JAVA_LONG, 0) * 1_000_000_000L + rusage.getAtIndex(JAVA_LONG, 1) * 1000;
                long sysNs = rusage.getAtIndex(JAVA_LONG, 2) * 1_000_000_000L + rusage.getAtIndex(JAVA_LONG, 3) * 1000;
                // after the timevals: maxrss ixrss idrss isrss minflt majflt nswap inblock oublock
                // msgsnd msgrcv nsignals nvcsw nivcsw
                return new long[] {userNs, sysNs, rusage.getAtIndex(JAVA_LONG, 8), rusage.getAtIndex(JAVA_LONG, 9),
                        rusage.getAtIndex(JAVA_LONG, 16), rusage.getAtIndex(JAVA_LONG, 17)};
            } catch (Throwable t) {
                return null;
            }
        }
    }
}
