package perfstat.itapp;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A short application that ends in one of the ways a JVM ends, for the agent's exit-path
 * stress test: {@code return} (main returns after its pool's threads finished), {@code exit}
 * (System.exit from main), {@code exit-thread} (System.exit from another thread while main
 * works on), {@code throw} (main throws), {@code exit-early} (System.exit as main starts);
 * {@code forever} sleeps until a signal ends it.
 */
public final class ExitApp {
    private ExitApp() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        if (mode.equals("exit-early")) {
            System.exit(4);
        }
        if (mode.equals("forever")) {
            Thread.sleep(600_000); // until a signal ends the JVM
        }
        ExecutorService pool = Executors.newFixedThreadPool(3);
        HostApp.Worker w = new HostApp.Worker();
        for (int t = 0; t < 3; t++) {
            pool.execute(() -> {
                long s = 0;
                for (int i = 0; i < 200_000; i++) {
                    s += w.step(i);
                }
                if (s == 42) {
                    System.out.println(s);
                }
            });
        }
        if (mode.equals("exit-thread")) {
            Thread t = new Thread(() -> System.exit(5));
            t.start();
            Thread.sleep(10_000); // System.exit ends the JVM meanwhile
        }
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.MINUTES);
        switch (mode) {
            case "exit" -> System.exit(3);
            case "throw" -> throw new IllegalStateException("the host fails");
            default -> {
            }
        }
    }
}
