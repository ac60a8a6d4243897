/**
 * The process's counters: perf event names ({@code EventSpec}), perf_event_open descriptors
 * per thread ({@code CounterSet}, native calls in the jar's Java 22 layer), the procfs and
 * getrusage fallbacks, and the thread that reads them at interval boundaries. Never read per
 * probe call. Depends on the JDK and the agent's events only.
 */
package perfstat.agent.counters;
