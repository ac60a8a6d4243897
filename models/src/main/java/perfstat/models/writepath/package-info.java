/**
 * The write-path model (seeds 000 and 003, docs/models/writepath.md): {@code write()} from
 * descriptor to page cache with mount-writer tracking; the variants differ only in the tracking
 * algorithm ({@code MountWriteTracking}). JDK only.
 */
package perfstat.models.writepath;
