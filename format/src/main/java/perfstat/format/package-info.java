/**
 * The recording format's version, shared by every writer and the reader. Depends on nothing;
 * everything else may depend on it.
 */
package perfstat.format;
