package perfstat.agent.counters;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;

/**
 * The native layer for Java 22 and later (this file is in the jar's
 * {@code META-INF/versions/22}): perf_event_open, read, close and getrusage through the
 * Foreign Function &amp; Memory API, as system calls by number through the C library's
 * {@code syscall}, which the JVM already has loaded.
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
            long[] nr = syscallNumbers();
            if (!"Linux".equals(System.getProperty("os.name"))) {
                reason = "perf_event_open is Linux only";
            } else if (nr == null) {
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

    /** The system calls' numbers: perf_event_open, read, close, getrusage, clock_gettime; null where unknown. */
    private static long[] syscallNumbers() {
        return switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> new long[] {298, 0, 3, 98, 228};
            case "aarch64" -> new long[] {241, 63, 57, 165, 113}; // the kernel's generic table
            default -> null;
        };
    }

    private static final class Ffm implements PerfSyscalls {
        private static final int RUSAGE_SELF = 0;
        /** struct rusage on 64-bit Linux: two timevals, then fourteen longs. */
        private static final int RUSAGE_SIZE = 144;
        /** The calling thread's CPU clock. */
        private static final int CLOCK_THREAD_CPUTIME_ID = 3;

        private final long perfEventOpen;
        private final long read;
        private final long close;
        private final long getrusage;
        private final long clockGettime;
        private final StructLayout captureLayout = Linker.Option.captureStateLayout();
        /** errno's place in the captured state, read as an int there (a layout's VarHandle costs the start more). */
        private final long errnoOffset = captureLayout.byteOffset(MemoryLayout.PathElement.groupElement("errno"));
        /**
         * {@code long syscall(long number, ...)}, every argument passed as a long (pointers as their
         * address): one downcall for all four calls, as each handle FFM links costs the agent's start
         * milliseconds of its own.
         */
        private final MethodHandle syscall;
        /** Buffers reused by every call; the methods are synchronized. */
        private final MemorySegment capture;
        private final MemorySegment attr;
        private final MemorySegment values;
        private final MemorySegment rusage;
        private final MemorySegment timespec;

        Ffm(long[] nr) {
            this.perfEventOpen = nr[0];
            this.read = nr[1];
            this.close = nr[2];
            this.getrusage = nr[3];
            this.clockGettime = nr[4];
            Linker linker = Linker.nativeLinker();
            syscall = linker.downcallHandle(linker.defaultLookup().find("syscall").orElseThrow(),
                    FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG),
                    Linker.Option.firstVariadicArg(1), Linker.Option.captureCallState("errno"));
            Arena arena = Arena.ofAuto();
            capture = arena.allocate(captureLayout);
            attr = arena.allocate(256, 8);
            values = arena.allocate(3 * Long.BYTES, 8);
            rusage = arena.allocate(RUSAGE_SIZE, 8);
            timespec = arena.allocate(2 * Long.BYTES, 8);
        }

        /** The call's result, or minus errno where it failed. */
        private long call(long number, long a, long b, long c, long d, long e) throws Throwable {
            long r = (long) syscall.invokeExact(capture, number, a, b, c, d, e);
            return r < 0 ? -errno() : r;
        }

        private int errno() {
            return capture.get(JAVA_INT, errnoOffset);
        }

        @Override
        public synchronized long perfEventOpen(byte[] a, int tid, int cpu, int groupFd, long flags) {
            try {
                attr.fill((byte) 0);
                MemorySegment.copy(MemorySegment.ofArray(a), 0, attr, 0, a.length);
                return call(perfEventOpen, attr.address(), tid, cpu, groupFd, flags);
            } catch (Throwable t) {
                return -Errno.EINVAL;
            }
        }

        @Override
        public synchronized long readCounter(int fd, long[] out) {
            try {
                long n = call(read, fd, values.address(), 3 * Long.BYTES, 0, 0);
                if (n < 0) {
                    return n;
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
                call(close, fd, 0, 0, 0, 0);
            } catch (Throwable t) {
                // nothing to do: the descriptor goes when the process does
            }
        }

        @Override
        public synchronized long threadCpuNs() {
            try {
                if (call(clockGettime, CLOCK_THREAD_CPUTIME_ID, timespec.address(), 0, 0, 0) != 0) {
                    return -1;
                }
                return timespec.getAtIndex(JAVA_LONG, 0) * 1_000_000_000L + timespec.getAtIndex(JAVA_LONG, 1);
            } catch (Throwable t) {
                return -1;
            }
        }

        @Override
        public synchronized long[] rusageSelf() {
            try {
                if (call(getrusage, RUSAGE_SELF, rusage.address(), 0, 0, 0) != 0) {
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
