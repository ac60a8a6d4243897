package perfstat.models.writepath;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The shared kernel path of the write-path model: the system calls fstime, lat_mmap and
 * a remount make, down through the VFS and the page cache of an in-memory (ramfs-like)
 * filesystem, as 2.6.26 to 2.6.31 ran them. Every variant runs this same code; only the
 * {@link MountWriteTracking} algorithm differs.
 *
 * <p>Modelled per {@code write()}: descriptor lookup, {@code vfs_write}'s checks,
 * {@code i_mutex}, {@code generic_write_checks}, {@code file_remove_suid},
 * {@code file_update_time} with its want/drop pair, then per page: page-cache lookup
 * with a speculative reference, the page lock, the copy from the user buffer with
 * page faults disabled, {@code i_size} update, dirtying, unlock and release, and the
 * per-CPU dirty ratelimit; then fsnotify and the task's I/O accounting.
 *
 * <p>Not modelled: writeback (an in-memory filesystem has none), O_SYNC, security
 * hooks (no LSM), mandatory locks (none are taken).
 */
public final class Vfs {
    /** {@code ratelimit_pages}: dirtied pages per CPU between balance_dirty_pages calls. */
    static final int RATELIMIT_PAGES = 32;

    final MountWriteTracking tracking;
    final int cpus;
    final Timekeeping clock;
    /** {@code vfsmount_lock}. */
    final SpinLock vfsmountLock = new SpinLock();
    /** {@code bdp_ratelimits}: a per-CPU count of pages dirtied, one cache line each. */
    private final int[] bdpRatelimits;
    /** Pages dirtied and accounted (filesystems with writeback accounting only). */
    private volatile long nrDirty;
    private final long dirtyThreshold = Long.MAX_VALUE;

    private final Map<SuperBlock, Map<String, Inode>> dentries = new ConcurrentHashMap<>();

    public Vfs(MountWriteTracking tracking, int cpus, Timekeeping clock) {
        this.tracking = tracking;
        this.cpus = cpus;
        this.clock = clock;
        this.bdpRatelimits = new int[(cpus + 2) * 16];
    }

    public MountWriteTracking tracking() {
        return tracking;
    }

    /** A fresh filesystem mounted once. */
    public Mount mountNewFilesystem(WriteAccessAudit audit) {
        SuperBlock sb = new SuperBlock();
        dentries.put(sb, new ConcurrentHashMap<>());
        return tracking.newMount(this, sb, audit);
    }

    /** A second mount of the same filesystem, as a bind mount. */
    public Mount bindMount(Mount of, WriteAccessAudit audit) {
        return tracking.newMount(this, of.sb, audit);
    }

    // ---------------------------------------------------------------- open / close

    /**
     * {@code open(name, O_CREAT | mode)}: a descriptor, or a negative errno.
     * {@code maxBytes} sizes the page cache of a newly created file.
     */
    public int open(Task task, Mount mnt, String name, boolean write, long maxBytes) {
        Inode inode = dentries.get(mnt.sb).computeIfAbsent(name, n -> new Inode(mnt.sb, maxBytes));
        int fmode = File.FMODE_READ | (write ? File.FMODE_WRITE : 0);
        if (write) {
            if (mnt.sb.readonly) { // IS_RDONLY(inode)
                return -Errno.EROFS;
            }
            inode.writeCount.incrementAndGet(); // get_write_access
            int err = tracking.wantWrite(task, mnt);
            if (err != 0) {
                inode.writeCount.decrementAndGet();
                return err;
            }
            auditAcquire(mnt);
        }
        File file = new File(inode, mnt, fmode);
        file.holdsWrite = write;
        SuperBlock sb = mnt.sb;
        sb.filesLock.spinLock(); // file_move(file, &sb->s_files)
        sb.files.add(file);
        sb.filesLock.spinUnlock();
        for (int fd = 0; fd < task.fdTable.length; fd++) {
            if (task.fdTable[fd] == null) {
                task.fdTable[fd] = file;
                return fd;
            }
        }
        fput(task, file);
        return -Errno.EMFILE;
    }

    /** {@code close(fd)}: the writer reference is dropped on the closing task's CPU. */
    public int close(Task task, int fd) {
        File file = fgetLight(task, fd);
        if (file == null) {
            return -Errno.EBADF;
        }
        task.fdTable[fd] = null;
        fput(task, file);
        return 0;
    }

    /** Hand an open descriptor to another task (as a forked child or SCM_RIGHTS would). */
    public int transfer(Task from, int fd, Task to) {
        File file = fgetLight(from, fd);
        if (file == null) {
            return -Errno.EBADF;
        }
        from.fdTable[fd] = null;
        for (int i = 0; i < to.fdTable.length; i++) {
            if (to.fdTable[i] == null) {
                to.fdTable[i] = file;
                return i;
            }
        }
        return -Errno.EMFILE;
    }

    /** {@code __fput}. */
    private void fput(Task task, File file) {
        SuperBlock sb = file.mnt.sb;
        sb.filesLock.spinLock(); // file_kill
        sb.files.remove(file);
        sb.filesLock.spinUnlock();
        if (file.holdsWrite) { // drop_file_write_access
            file.inode.writeCount.decrementAndGet();
            auditRelease(file.mnt);
            tracking.dropWrite(task, file.mnt);
            file.holdsWrite = false;
        }
    }

    private static File fgetLight(Task task, int fd) {
        File[] table = task.fdTable;
        return fd >= 0 && fd < table.length ? table[fd] : null;
    }

    // ---------------------------------------------------------------- write / lseek

    /** {@code sys_write(fd, buf, count)}: bytes written or a negative errno. */
    public long write(Task task, int fd, byte[] buf, int count) {
        File file = fgetLight(task, fd);
        if (file == null) {
            return -Errno.EBADF;
        }
        long pos = file.pos; // file_pos_read
        long ret = vfsWrite(task, file, buf, count, pos);
        if (ret > 0) {
            file.pos = pos + ret; // file_pos_write
        }
        return ret;
    }

    long vfsWrite(Task task, File file, byte[] buf, int count, long pos) {
        if (!file.isOpenForWrite()) {
            return -Errno.EBADF;
        }
        if (pos < 0 || count < 0 || pos + count < 0) { // rw_verify_area
            return -Errno.EINVAL;
        }
        long ret = genericFileAioWrite(task, file, buf, count, pos); // do_sync_write
        if (ret > 0) {
            fsnotifyModify(file.inode);
            task.wchar += ret; // add_wchar
        }
        task.syscw++; // inc_syscw
        return ret;
    }

    private long genericFileAioWrite(Task task, File file, byte[] buf, int count, long pos) {
        Inode inode = file.inode;
        inode.iMutex.lock();
        try {
            return genericFileAioWriteNolock(task, file, buf, count, pos);
        } finally {
            inode.iMutex.unlock();
        }
    }

    private long genericFileAioWriteNolock(Task task, File file, byte[] buf, int count, long pos) {
        long checked = genericWriteChecks(task, file, pos, count);
        if (checked <= 0) {
            return checked;
        }
        fileRemoveSuid(file.inode);
        fileUpdateTime(task, file);
        return genericPerformWrite(task, file, buf, (int) checked, pos);
    }

    /** {@code generic_write_checks}: how many bytes may be written at {@code pos}. */
    private static long genericWriteChecks(Task task, File file, long pos, long count) {
        if (pos >= task.rlimitFsize) {
            return -Errno.EFBIG;
        }
        long limit = Math.min(task.rlimitFsize, file.inode.sb.maxBytes);
        return Math.min(count, limit - pos);
    }

    /** {@code file_remove_suid}: a write by the owner clears set-uid and set-gid. */
    private static void fileRemoveSuid(Inode inode) {
        if ((inode.mode & 06000) != 0) {
            inode.mode &= ~06000;
        }
    }

    /**
     * {@code file_update_time}: up to 2.6.31 it takes write access to the mount before
     * it even compares the timestamps, so every write() and every write fault on a
     * shared mapping pays one want/drop pair.
     */
    void fileUpdateTime(Task task, File file) {
        Mount mnt = file.mnt;
        if (tracking.wantWriteFile(task, file) != 0) {
            return;
        }
        auditAcquire(mnt);
        Inode inode = file.inode;
        long now = currentFsTime(inode.sb);
        boolean syncIt = false;
        if (inode.mtimeNs != now) {
            inode.mtimeNs = now;
            syncIt = true;
        }
        if (inode.ctimeNs != now) {
            inode.ctimeNs = now;
            syncIt = true;
        }
        if (syncIt) {
            markInodeDirty(inode, Inode.I_DIRTY_SYNC);
        }
        auditRelease(mnt);
        tracking.dropWrite(task, mnt);
    }

    private long currentFsTime(SuperBlock sb) {
        long now = clock.xtimeNs();
        return now - now % sb.timeGranNs;
    }

    /** {@code __mark_inode_dirty}: cheap once the inode is dirty. */
    private static void markInodeDirty(Inode inode, int flags) {
        if ((inode.state & flags) == flags) {
            return;
        }
        SuperBlock sb = inode.sb;
        sb.inodeLock.spinLock();
        if ((inode.state & flags) != flags) {
            boolean wasDirty = inode.state != 0;
            inode.state |= flags;
            if (!wasDirty) {
                sb.dirtyInodes.add(inode);
            }
        }
        sb.inodeLock.spinUnlock();
    }

    /** {@code generic_perform_write} with ramfs's {@code simple_write_begin/end}. */
    private long genericPerformWrite(Task task, File file, byte[] buf, int count, long pos) {
        Inode inode = file.inode;
        AddressSpace mapping = inode.mapping;
        int written = 0;
        while (written < count) {
            int offset = (int) (pos & (Page.PAGE_SIZE - 1));
            long index = pos >>> Page.PAGE_SHIFT;
            int bytes = Math.min(Page.PAGE_SIZE - offset, count - written);
            // fault_in_pages_readable: the kernel touches the user buffer so the copy below cannot
            // fault; a Java array cannot fault, so what remains is the check that it is there.
            if (written + bytes > buf.length) {
                return written > 0 ? written : -Errno.EFAULT;
            }
            Page page = mapping.grabCachePage(index); // simple_write_begin
            if (!page.testFlag(Page.PG_UPTODATE) && bytes != Page.PAGE_SIZE) {
                zeroSegments(page, offset, offset + bytes);
            }
            task.preemptDisable(); // pagefault_disable
            System.arraycopy(buf, written, page.data, offset, bytes); // iov_iter_copy_from_user_atomic
            task.preemptEnable();
            simpleWriteEnd(task, inode, page, pos, bytes);
            pos += bytes;
            written += bytes;
        }
        return written;
    }

    private static void zeroSegments(Page page, int from, int to) {
        java.util.Arrays.fill(page.data, 0, from, (byte) 0);
        java.util.Arrays.fill(page.data, to, Page.PAGE_SIZE, (byte) 0);
    }

    /** {@code simple_write_end}. */
    private void simpleWriteEnd(Task task, Inode inode, Page page, long pos, int copied) {
        if (!page.testFlag(Page.PG_UPTODATE)) {
            page.setUptodate();
        }
        if (pos + copied > inode.size) {
            inode.size = pos + copied; // i_size_write under i_mutex
        }
        setPageDirty(task, inode.mapping, page);
        page.unlock();
        page.put();
    }

    /** {@code set_page_dirty} then {@code balance_dirty_pages_ratelimited}. */
    private void setPageDirty(Task task, AddressSpace mapping, Page page) {
        if (!page.testSetDirty() && mapping.accountDirty) {
            nrDirty++;
        }
        balanceDirtyPagesRatelimited(task, mapping);
    }

    private void balanceDirtyPagesRatelimited(Task task, AddressSpace mapping) {
        task.preemptDisable();
        int i = (task.cpu + 1) * 16;
        if (++bdpRatelimits[i] >= RATELIMIT_PAGES) {
            bdpRatelimits[i] = 0;
            task.preemptEnable();
            balanceDirtyPages(task, mapping);
            return;
        }
        task.preemptEnable();
    }

    /** Below the dirty threshold (always, for ramfs) it returns after one check. */
    private void balanceDirtyPages(Task task, AddressSpace mapping) {
        task.balanceDirtyPagesCalls++;
        if (!mapping.accountDirty || nrDirty < dirtyThreshold) {
            return;
        }
        throw new IllegalStateException("writeback is not modelled");
    }

    private static void fsnotifyModify(Inode inode) {
        if (inode.notifyMask != 0) {
            throw new IllegalStateException("no watches in the model");
        }
    }

    /** {@code lseek(fd, offset, SEEK_SET)} through {@code generic_file_llseek}. */
    public long lseek(Task task, int fd, long offset) {
        File file = fgetLight(task, fd);
        if (file == null) {
            return -Errno.EBADF;
        }
        Inode inode = file.inode;
        inode.iMutex.lock();
        try {
            if (offset < 0 || offset > inode.sb.maxBytes) {
                return -Errno.EINVAL;
            }
            if (offset != file.pos) {
                file.pos = offset;
            }
            return offset;
        } finally {
            inode.iMutex.unlock();
        }
    }

    // ---------------------------------------------------------------- mmap

    /** {@code mmap(NULL, bytes, PROT_READ|PROT_WRITE, MAP_SHARED, fd, 0)}. */
    public Vma mmapShared(Task task, int fd, long bytes) {
        File file = fgetLight(task, fd);
        if (file == null || !file.isOpenForWrite()) {
            return null;
        }
        return new Vma(file, bytes);
    }

    /**
     * Touch byte {@code offset} of the mapping for writing: a store if the page is
     * mapped, else a write fault through {@code __do_fault} first.
     */
    public void touchForWrite(Task task, Vma vma, long offset, byte value) {
        int pgoff = (int) (offset >>> Page.PAGE_SHIFT);
        Page page = vma.ptes[pgoff];
        if (page == null) {
            page = handleMmFault(task, vma, pgoff);
        }
        page.data[(int) (offset & (Page.PAGE_SIZE - 1))] = value;
    }

    /** {@code handle_mm_fault} for a write to a shared file mapping ({@code __do_fault}). */
    Page handleMmFault(Task task, Vma vma, int pgoff) {
        AddressSpace mapping = vma.file.inode.mapping;
        Page page = mapping.findLockPage(pgoff); // shmem_fault: locked, referenced
        if (page == null) {
            page = mapping.grabCachePage(pgoff);
            Page.zero(page);
            page.setUptodate();
        }
        Page dirtyPage = page;
        dirtyPage.get();
        vma.ptl.spinLock(); // pte_offset_map_lock
        vma.ptes[pgoff] = page;
        vma.pteDirty[pgoff] = true;
        page.addMap();
        vma.ptl.spinUnlock();
        page.unlock();
        setPageDirty(task, mapping, dirtyPage); // set_page_dirty_balance
        dirtyPage.put();
        fileUpdateTime(task, vma.file);
        return page;
    }

    /** {@code munmap}: zap every present pte, carrying its dirty bit to the page. */
    public void munmap(Task task, Vma vma) {
        for (int base = 0; base < vma.ptes.length; base += 512) { // one pte page per lock
            vma.ptl.spinLock();
            int end = Math.min(vma.ptes.length, base + 512);
            for (int i = base; i < end; i++) {
                Page page = vma.ptes[i];
                if (page == null) {
                    continue;
                }
                if (vma.pteDirty[i]) {
                    page.testSetDirty();
                }
                page.removeMap();
                page.put();
                vma.ptes[i] = null;
                vma.pteDirty[i] = false;
            }
            vma.ptl.spinUnlock();
        }
    }

    // ---------------------------------------------------------------- remount

    /** {@code mount -o remount,ro}: 0 or {@code -EBUSY}. */
    public int remountReadonly(Mount mnt) {
        int ret = tracking.makeReadonly(this, mnt);
        if (ret == 0 && mnt.audit != null && mnt.audit.holders.get() > 0) {
            mnt.audit.violation();
        }
        return ret;
    }

    /** {@code mount -o remount,rw}. */
    public void remountReadwrite(Mount mnt) {
        tracking.makeReadwrite(this, mnt);
    }

    /** The exact writer count of {@code mnt} as the algorithm keeps it. */
    public long writers(Mount mnt) {
        return tracking.writers(mnt);
    }

    private static void auditAcquire(Mount mnt) {
        WriteAccessAudit audit = mnt.audit;
        if (audit != null) {
            audit.holders.incrementAndGet();
            if (mnt.isReadonly()) {
                audit.violation();
            }
        }
    }

    private static void auditRelease(Mount mnt) {
        WriteAccessAudit audit = mnt.audit;
        if (audit != null) {
            audit.holders.decrementAndGet();
        }
    }
}
