/**
 * The block-layer model (seed 001, docs/models/block.md): a deterministic discrete-event
 * simulation of page cache, ext3 journal, request queue, CFQ and NOOP, and disk under tiobench.
 * The variants differ only in the elevator. JDK only.
 */
package perfstat.models.block;
