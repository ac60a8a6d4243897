package perfstat.models.writepath;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * {@code struct address_space}: a file's page cache. The radix tree is two levels of
 * 64 slots, as the kernel's with {@code RADIX_TREE_MAP_SHIFT} 6; lookups are lock-free
 * (the kernel's are under RCU) and insertions take {@code tree_lock}.
 */
final class AddressSpace {
    private static final int MAP_SHIFT = 6;
    private static final int MAP_SIZE = 1 << MAP_SHIFT;
    private static final int MAP_MASK = MAP_SIZE - 1;

    private final AtomicReferenceArray<AtomicReferenceArray<Page>> root;
    final SpinLock treeLock = new SpinLock();
    /** {@code nrpages}, under {@link #treeLock}. */
    long nrPages;
    /** Whether dirty pages are accounted for writeback ({@code mapping_cap_account_dirty}). */
    final boolean accountDirty = false;

    AddressSpace(long maxBytes) {
        long pages = (maxBytes + Page.PAGE_SIZE - 1) >> Page.PAGE_SHIFT;
        int nodes = (int) ((pages + MAP_SIZE - 1) >> MAP_SHIFT);
        root = new AtomicReferenceArray<>(Math.max(1, nodes));
    }

    /** {@code radix_tree_lookup} under RCU. */
    Page lookup(long index) {
        int node = (int) (index >>> MAP_SHIFT);
        if (node >= root.length()) {
            return null;
        }
        AtomicReferenceArray<Page> slots = root.getAcquire(node);
        return slots == null ? null : slots.getAcquire((int) index & MAP_MASK);
    }

    /** {@code find_get_page}: lock-free lookup plus a speculative reference, rechecked. */
    Page findGetPage(long index) {
        for (;;) {
            Page page = lookup(index);
            if (page == null) {
                return null;
            }
            if (page.getSpeculative()) {
                if (lookup(index) == page) {
                    return page;
                }
                page.put();
            }
        }
    }

    /** {@code find_lock_page}. */
    Page findLockPage(long index) {
        Page page = findGetPage(index);
        if (page != null) {
            page.lock();
        }
        return page;
    }

    /**
     * {@code grab_cache_page_write_begin}: the page at {@code index}, locked and
     * referenced, allocated and inserted under {@code tree_lock} if absent.
     */
    Page grabCachePage(long index) {
        Page page = findLockPage(index);
        if (page != null) {
            return page;
        }
        Page fresh = new Page(index);
        fresh.trylock();
        fresh.get(); // the caller's reference; the cache holds the first
        treeLock.spinLock();
        try {
            int node = (int) (index >>> MAP_SHIFT);
            AtomicReferenceArray<Page> slots = root.get(node);
            if (slots == null) {
                slots = new AtomicReferenceArray<>(MAP_SIZE);
                root.setRelease(node, slots);
            }
            Page raced = slots.get((int) index & MAP_MASK);
            if (raced == null) {
                slots.setRelease((int) index & MAP_MASK, fresh);
                nrPages++;
                return fresh;
            }
        } finally {
            treeLock.spinUnlock();
        }
        return findLockPage(index);
    }
}
