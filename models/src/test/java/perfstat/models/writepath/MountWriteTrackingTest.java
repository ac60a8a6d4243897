package perfstat.models.writepath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Sequential scenarios for every variant: what a remount may and may not do, and that counts balance. */
class MountWriteTrackingTest {
    private static final int CPUS = 4;
    private Timekeeping clock;

    private Vfs vfs(String variant) {
        clock = new Timekeeping();
        return new Vfs(WritePathModel.tracking(variant, CPUS), CPUS, clock);
    }

    @AfterEach
    void stopClock() {
        if (clock != null) {
            clock.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"unpatched", "piggin", "2.6.18"})
    void remountReadonlyFailsWhileAFileIsOpenForWrite(String variant) {
        Vfs vfs = vfs(variant);
        Mount mnt = vfs.mountNewFilesystem(null);
        Task t = new Task(0);
        int fd = vfs.open(t, mnt, "f", true, 1 << 16);
        assertThat(fd).isNotNegative();
        assertThat(vfs.remountReadonly(mnt)).isEqualTo(-Errno.EBUSY);
        assertThat(vfs.writers(mnt)).isEqualTo(1);
        assertThat(vfs.close(t, fd)).isZero();
        assertThat(vfs.writers(mnt)).isZero();
        assertThat(vfs.remountReadonly(mnt)).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"unpatched", "patched", "piggin", "2.6.18"})
    void writersGetErofsAfterAReadonlyRemount(String variant) {
        Vfs vfs = vfs(variant);
        Mount mnt = vfs.mountNewFilesystem(null);
        Task t = new Task(1);
        assertThat(vfs.remountReadonly(mnt)).isZero();
        assertThat(mnt.readonly()).isTrue();
        assertThat(vfs.open(t, mnt, "f", true, 1 << 16)).isEqualTo(-Errno.EROFS);
        assertThat(vfs.open(t, mnt, "f", false, 1 << 16)).isNotNegative();
        vfs.remountReadwrite(mnt);
        assertThat(vfs.open(t, mnt, "g", true, 1 << 16)).isNotNegative();
    }

    /** Seed 000's demonstration patch counts nothing, so it lets a remount through under an open writer. */
    @org.junit.jupiter.api.Test
    void theDemonstrationPatchIsNoFix() {
        Vfs vfs = vfs("patched");
        Mount mnt = vfs.mountNewFilesystem(null);
        Task t = new Task(0);
        int fd = vfs.open(t, mnt, "f", true, 1 << 16);
        assertThat(vfs.remountReadonly(mnt)).isZero();
        assertThat(vfs.close(t, fd)).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"unpatched", "patched", "piggin", "2.6.18"})
    void openOnOneCpuAndCloseOnAnotherBalances(String variant) {
        Vfs vfs = vfs(variant);
        Mount mnt = vfs.mountNewFilesystem(null);
        Task a = new Task(0);
        Task b = new Task(3);
        for (int i = 0; i < 1000; i++) {
            int fd = vfs.open(a, mnt, "f" + (i % 7), true, 1 << 16);
            int moved = vfs.transfer(a, fd, b);
            assertThat(vfs.close(b, moved)).isZero();
        }
        assertThat(vfs.writers(mnt)).isZero();
        assertThat(vfs.tracking().leakWarnings()).isZero();
    }

    /** More than 2^16 references taken on one CPU and dropped on another: unpatched's underflow path. */
    @org.junit.jupiter.api.Test
    void underflowHandlingFoldsThePerCpuCountsBackWithoutALeakWarning() {
        Vfs vfs = vfs("unpatched");
        PerCpuWriterLocks tracking = (PerCpuWriterLocks) vfs.tracking();
        Mount mnt = vfs.mountNewFilesystem(null);
        Task a = new Task(0);
        Task b = new Task(1);
        int n = (1 << 16) + 100;
        for (int i = 0; i < n; i++) {
            assertThat(tracking.wantWrite(a, mnt)).isZero();
        }
        long lockAllBefore = tracking.lockAllCount.get();
        for (int i = 0; i < n; i++) {
            tracking.dropWrite(b, mnt);
        }
        assertThat(tracking.lockAllCount.get()).isGreaterThan(lockAllBefore);
        assertThat(tracking.writers(mnt)).isZero();
        assertThat(tracking.leakWarnings()).isZero();
    }

    /** A CPU that alternates between mounts flushes its cached count into the old mount each time. */
    @org.junit.jupiter.api.Test
    void switchingMountsFlushesToTheSharedCounter() {
        Vfs vfs = vfs("unpatched");
        PerCpuWriterLocks tracking = (PerCpuWriterLocks) vfs.tracking();
        Mount m1 = vfs.mountNewFilesystem(null);
        Mount m2 = vfs.bindMount(m1, null);
        Task t = new Task(2);
        List<Integer> fds = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            fds.add(vfs.open(t, i % 2 == 0 ? m1 : m2, "f" + i, true, 1 << 16));
        }
        assertThat(tracking.sharedCountFlushes.get()).isGreaterThanOrEqualTo(9);
        assertThat(vfs.writers(m1)).isEqualTo(5);
        assertThat(vfs.writers(m2)).isEqualTo(5);
        for (int fd : fds) {
            vfs.close(t, fd);
        }
        assertThat(vfs.writers(m1)).isZero();
        assertThat(vfs.writers(m2)).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"unpatched", "patched", "piggin", "2.6.18"})
    void writesLandInThePageCacheAndAdvanceThePosition(String variant) {
        Vfs vfs = vfs(variant);
        Mount mnt = vfs.mountNewFilesystem(null);
        Task t = new Task(0);
        int fd = vfs.open(t, mnt, "f", true, 1 << 20);
        byte[] buf = new byte[256];
        for (int i = 0; i < buf.length; i++) {
            buf[i] = (byte) i;
        }
        for (int i = 0; i < 40; i++) { // 10 KiB: crosses page boundaries
            assertThat(vfs.write(t, fd, buf, buf.length)).isEqualTo(256);
        }
        assertThat(t.bytesWritten()).isEqualTo(40 * 256);
        assertThat(vfs.write(t, fd, buf, 512)).as("a count past the user buffer").isEqualTo(-Errno.EFAULT);
        File f = t.fdTable[fd];
        assertThat(f.pos).isEqualTo(40 * 256);
        assertThat(f.inode.size).isEqualTo(40 * 256);
        Page second = f.inode.mapping.lookup(1);
        assertThat(second.data[0]).isEqualTo((byte) 0);
        assertThat(second.data[1]).isEqualTo((byte) 1);
        assertThat(second.testFlag(Page.PG_DIRTY)).isTrue();
        assertThat(second.testFlag(Page.PG_LOCKED)).isFalse();
        assertThat(second.refCount()).isEqualTo(1);
        assertThat(vfs.lseek(t, fd, 0)).isZero();
        assertThat(f.pos).isZero();
        assertThat(f.inode.iMutex.isLocked()).isFalse();
        vfs.close(t, fd);
        assertThat(vfs.writers(mnt)).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"unpatched", "patched", "piggin", "2.6.18"})
    void writeFaultsMapPagesAndUnmapReleasesThem(String variant) {
        Vfs vfs = vfs(variant);
        Mount mnt = vfs.mountNewFilesystem(null);
        Task t = new Task(0);
        int fd = vfs.open(t, mnt, "m", true, 1 << 20);
        Vma vma = vfs.mmapShared(t, fd, 1 << 20);
        for (long off = 0; off < (1 << 20); off += Page.PAGE_SIZE) {
            vfs.touchForWrite(t, vma, off, (byte) 7);
        }
        Page p = vma.ptes[3];
        assertThat(p.mapCount()).isEqualTo(1);
        assertThat(p.refCount()).isEqualTo(2); // the page cache's and the pte's
        vfs.munmap(t, vma);
        assertThat(p.mapCount()).isZero();
        assertThat(p.refCount()).isEqualTo(1);
        assertThat(p.data[0]).isEqualTo((byte) 7);
        assertThat(p.testFlag(Page.PG_DIRTY)).isTrue();
        vfs.close(t, fd);
        assertThat(vfs.writers(mnt)).isZero();
    }
}
