package perfstat.models;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import perfstat.models.events.ModelCounterEvent;
import perfstat.models.events.ResultEvent;
import perfstat.models.events.ScoreEvent;
import perfstat.models.events.WorkloadEvent;
import perfstat.models.spi.Execution;
import perfstat.models.spi.Model;
import perfstat.models.spi.RunRequest;
import perfstat.models.spi.Simulation;

/**
 * Runs one {@link RunRequest}: starts the workers together, records the score every
 * interval, stops them when the duration is over, checks the model's invariants, and
 * commits the run's JFR events. Without a JFR recording the events cost nothing and
 * the {@link Outcome} still tells the result.
 */
public final class Runner {
    private Runner() {
    }

    /** The result of one run. Interval scores are in the workload's score unit. */
    public record Outcome(double score, long units, long elapsedNs, List<Double> intervalScores,
                          Map<String, Long> counters) {
    }

    public static Outcome run(Model<?> model, RunRequest request) throws Exception {
        Model.WorkloadInfo<?> info = model.workload(request.workload());
        if (info == null || model.variant(request.variant()) == null) {
            throw new IllegalArgumentException("unknown workload or variant: " + request.workload() + "/" + request.variant());
        }
        workloadEvent(model, request, info, request.variant()).commit();

        try (Execution execution = model.prepare(request)) {
            Control control = new Control(model, request, info, execution);
            javax.management.ObjectName name = control.register();
            Runnable recommit = control::recommit;
            jdk.jfr.FlightRecorder.addPeriodicEvent(WorkloadEvent.class, recommit);
            try {
                return execution instanceof Simulation sim ? simulate(sim, request, info.scoreUnit())
                        : measure(execution, request, info.scoreUnit());
            } finally {
                jdk.jfr.FlightRecorder.removePeriodicEvent(recommit);
                control.unregister(name);
            }
        }
    }

    /** Runs a threaded workload: its workers start together, the score is recorded each interval until the end. */
    private static Outcome measure(Execution execution, RunRequest request, String unit) throws Exception {
        Workers workers = Workers.start(execution, request);
        ResultEvent result = new ResultEvent();
        sleepUntil(System.nanoTime() + request.warmupNs(), workers);
        result.begin();
        long unitsAtT0 = execution.progress();
        execution.measuring();
        long t0 = System.nanoTime();
        List<Double> intervalScores = recordIntervals(execution, request, workers, t0, unitsAtT0, unit);
        workers.join();
        long elapsed = System.nanoTime() - t0;
        result.end();
        long units = execution.progress() - unitsAtT0;
        result.units = units;
        result.elapsedNs = elapsed;
        result.score = execution.score(units, elapsed, request.threads());
        result.scoreUnit = unit;
        result.commit();

        Map<String, Long> counters = execution.finish();
        commitCounters(counters);
        return new Outcome(result.score, units, elapsed, List.copyOf(intervalScores), counters);
    }

    /**
     * Commits a Score event for each interval of the measured window until the workers stop or the
     * duration is over; an interval cut shorter than half its length by a stop is not recorded.
     */
    private static List<Double> recordIntervals(Execution execution, RunRequest request, Workers stop, long t0, long unitsAtT0,
                                                String unit)
            throws InterruptedException {
        List<Double> intervalScores = new ArrayList<>();
        long end = t0 + request.durationNs();
        long intervalStart = t0;
        long unitsAtStart = unitsAtT0;
        for (int i = 0; !stop.stopped(); i++) {
            long boundary = Math.min(end, intervalStart + request.intervalNs());
            ScoreEvent score = new ScoreEvent();
            score.begin();
            sleepUntil(boundary, stop);
            long now = System.nanoTime();
            long units = execution.progress();
            score.end();
            if (now - intervalStart >= request.intervalNs() / 2 && !stop.stopped()) {
                score.interval = i;
                score.units = units - unitsAtStart;
                score.elapsedNs = now - intervalStart;
                score.score = execution.score(score.units, score.elapsedNs, request.threads());
                score.scoreUnit = unit;
                intervalScores.add(score.score);
                score.commit();
            }
            intervalStart = now;
            unitsAtStart = units;
            if (now >= end) {
                stop.stop = true;
            }
        }
        return intervalScores;
    }

    /**
     * A threaded workload's worker threads, which wait for one signal to start: the run's stop flag,
     * set when the duration is over, when one worker fails, or when the last one returns (a fixed
     * amount of work done).
     */
    private static final class Workers implements Execution.Stop {
        private final List<Thread> threads = new ArrayList<>();
        private final Throwable[] failures;
        private final java.util.concurrent.atomic.AtomicInteger running;
        private final CountDownLatch go = new CountDownLatch(1);
        volatile boolean stop;

        private Workers(int n) {
            failures = new Throwable[n];
            running = new java.util.concurrent.atomic.AtomicInteger(n);
        }

        /** Starts {@code request.threads()} workers on {@code execution}, all released at once. */
        static Workers start(Execution execution, RunRequest request) {
            Workers w = new Workers(request.threads());
            for (int i = 0; i < request.threads(); i++) {
                int worker = i;
                Thread t = new Thread(() -> w.work(execution, worker), request.workload() + "-" + i);
                w.threads.add(t);
                t.start();
            }
            w.go.countDown();
            return w;
        }

        private void work(Execution execution, int worker) {
            try {
                go.await();
                execution.work(worker, this);
            } catch (Throwable e) {
                failures[worker] = e;
                stop = true;
            } finally {
                if (running.decrementAndGet() == 0) {
                    stop = true; // a fixed amount of work is done: the run ends here
                }
            }
        }

        @Override
        public boolean stopped() {
            return stop || stopRequested;
        }

        /** Waits for every worker; the first failure, if one failed, as an {@link IllegalStateException}. */
        void join() throws InterruptedException {
            for (Thread t : threads) {
                t.join();
            }
            for (Throwable f : failures) {
                if (f != null) {
                    throw new IllegalStateException("worker failed: " + f, f);
                }
            }
        }
    }

    /**
     * Runs a simulation on this thread. Its interval scores and result are in simulated time;
     * the Result event still spans the wall-clock time the simulation took. The duration is a
     * wall-clock limit, as for other fixed-work workloads.
     */
    private static Outcome simulate(Simulation sim, RunRequest request, String unit) {
        long deadline = System.nanoTime() + request.durationNs();
        Execution.Stop stop = () -> stopRequested || System.nanoTime() - deadline > 0;
        List<Double> intervalScores = new ArrayList<>();
        ResultEvent result = new ResultEvent();
        result.begin();
        Simulation.Result r = sim.simulate(stop, (index, units, simulatedNs, score) -> {
            ScoreEvent e = new ScoreEvent();
            e.interval = index;
            e.units = units;
            e.elapsedNs = simulatedNs;
            e.score = score;
            e.scoreUnit = unit;
            e.commit();
            intervalScores.add(score);
        });
        result.end();
        result.units = r.units();
        result.elapsedNs = r.simulatedNs();
        result.score = r.score();
        result.scoreUnit = unit;
        result.commit();
        Map<String, Long> counters = sim.finish();
        commitCounters(counters);
        return new Outcome(r.score(), r.units(), r.simulatedNs(), List.copyOf(intervalScores), counters);
    }

    private static void commitCounters(Map<String, Long> counters) {
        counters.forEach((name, value) -> {
            ModelCounterEvent e = new ModelCounterEvent();
            e.name = name;
            e.value = value;
            e.commit();
        });
    }

    /**
     * The run's MBean; it also re-commits the Workload event at the start of every chunk, so
     * that a recording started later (perfstat attach) knows what runs, with the current variant.
     */
    private static final class Control implements RunControl {
        private final Model<?> model;
        private final RunRequest request;
        private final Model.WorkloadInfo<?> info;
        private final Execution execution;
        private volatile String variant;

        Control(Model<?> model, RunRequest request, Model.WorkloadInfo<?> info, Execution execution) {
            this.model = model;
            this.request = request;
            this.info = info;
            this.execution = execution;
            this.variant = request.variant();
        }

        javax.management.ObjectName register() {
            try {
                javax.management.ObjectName n = new javax.management.ObjectName(OBJECT_NAME);
                var server = java.lang.management.ManagementFactory.getPlatformMBeanServer();
                if (!server.isRegistered(n)) {
                    server.registerMBean(new javax.management.StandardMBean(this, RunControl.class), n);
                    return n;
                }
            } catch (javax.management.JMException | RuntimeException e) {
                // no MBean: the run goes on, only without live control
            }
            return null;
        }

        void unregister(javax.management.ObjectName n) {
            if (n != null) {
                try {
                    java.lang.management.ManagementFactory.getPlatformMBeanServer().unregisterMBean(n);
                } catch (javax.management.JMException e) {
                    // gone already
                }
            }
        }

        @Override
        public String getModel() {
            return model.name();
        }

        @Override
        public String getWorkload() {
            return request.workload();
        }

        @Override
        public String getVariant() {
            return variant;
        }

        @Override
        public long getUnits() {
            return execution.progress();
        }

        @Override
        public synchronized void setVariant(String v) {
            if (model.variant(v) == null) {
                throw new IllegalArgumentException("unknown variant '" + v + "' of " + model.name());
            }
            if (!execution.switchVariant(v)) {
                throw new IllegalArgumentException("the " + model.name() + " model cannot switch variant while it runs");
            }
            variant = v;
            recommit();
        }

        /** The Workload event again, with the variant that runs now. */
        void recommit() {
            workloadEvent(model, request, info, variant).commit();
        }
    }

    /** The run's description, as the recording holds it. */
    private static WorkloadEvent workloadEvent(Model<?> model, RunRequest request, Model.WorkloadInfo<?> info,
                                               String variant) {
        WorkloadEvent run = new WorkloadEvent();
        run.formatVersion = perfstat.format.RecordingFormat.VERSION;
        run.model = model.name();
        run.variant = variant;
        run.workload = request.workload();
        run.threads = request.threads();
        run.cpus = request.cpus();
        run.cores = Runtime.getRuntime().availableProcessors();
        run.jvmVersion = Runtime.version().toString();
        run.durationNs = request.durationNs();
        run.warmupNs = request.warmupNs();
        run.intervalNs = request.intervalNs();
        run.scoreName = info.scoreName();
        run.scoreUnit = info.scoreUnit();
        run.higherIsBetter = info.higherIsBetter();
        run.fixedWork = info.fixedWork();
        run.simulated = info.simulated();
        run.unitName = info.unit().name();
        run.unitCounter = info.unit().counter();
        run.options = String.join(",", request.options().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).sorted().toList());
        return run;
    }

    private static volatile boolean stopRequested;

    /**
     * Ends the run in progress early and cleanly (Ctrl-C, SIGTERM): the workers stop, the
     * result and the model's counters are committed as at the end of the duration.
     */
    public static void requestStop() {
        stopRequested = true;
    }

    /** Sleeps (not parks: a park would show as contention in the recording) until the deadline or a stop. */
    private static void sleepUntil(long deadline, Execution.Stop stop) throws InterruptedException {
        long left;
        while ((left = deadline - System.nanoTime()) > 0 && !stop.stopped()) {
            long ns = Math.min(left, TimeUnit.MILLISECONDS.toNanos(50));
            Thread.sleep(ns / 1_000_000L, (int) (ns % 1_000_000L));
        }
    }
}
