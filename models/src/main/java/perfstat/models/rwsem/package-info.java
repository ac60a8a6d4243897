/**
 * The rwsem model (seed 004, docs/models/rwsem.md): a 3.15/3.16 reader-writer semaphore with
 * its optimistic spin queue, under xfs_repair's fault/mprotect mix. The variants differ only in
 * the contended writer's decision to spin. JDK only.
 */
package perfstat.models.rwsem;
