package perfstat.models.writepath;

/**
 * A shared file mapping ({@code struct vm_area_struct}, {@code VM_SHARED|VM_WRITE})
 * with its page-table entries: one slot per page, null when not present.
 */
final class Vma {
    final File file;
    final long pages;
    final Page[] ptes;
    /** The pte's dirty bit, set by a write fault. */
    final boolean[] pteDirty;
    /** The page-table lock ({@code pte_offset_map_lock}). */
    final SpinLock ptl = new SpinLock();

    Vma(File file, long bytes) {
        this.file = file;
        this.pages = (bytes + Page.PAGE_SIZE - 1) >> Page.PAGE_SHIFT;
        this.ptes = new Page[(int) pages];
        this.pteDirty = new boolean[(int) pages];
    }
}
