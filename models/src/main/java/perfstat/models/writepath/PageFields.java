package perfstat.models.writepath;

/** The fields of a {@link Page}, between its paddings (see {@link PaddedLeft}). */
abstract class PageFields extends PaddedLeft {
    final long index;
    final byte[] data = new byte[Page.PAGE_SIZE];
    int flags;
    /** {@code _count}: one for the page cache plus one per holder. */
    int count = 1;
    /** {@code _mapcount} + 1: how many page-table entries map it. */
    int mapcount;

    PageFields(long index) {
        this.index = index;
    }
}
