/**
 * Method probes: filters in JEP 520's syntax, the Byte Buddy advice inlined into host
 * methods, and the probe runtime it calls ({@code Probes}: per-thread stripes, per-thread lanes
 * past them, sampled timing into HdrHistograms). The advice's path must not lock (beyond
 * registering a thread once), allocate (beyond a thread's first calls) or throw into the host.
 * Must not depend on the counters or the recording.
 */
package perfstat.agent.probe;
