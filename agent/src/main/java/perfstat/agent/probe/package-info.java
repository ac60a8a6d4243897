/**
 * Method probes: filters in JEP 520's syntax, the Byte Buddy advice inlined into host
 * methods, and the probe runtime it calls ({@code Probes}: per-thread stripes, sampled timing
 * into HdrHistograms). The advice's path must not allocate, lock or throw into the host.
 * Must not depend on the counters or the recording.
 */
package perfstat.agent.probe;
