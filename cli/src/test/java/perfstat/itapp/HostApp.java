package perfstat.itapp;

/** A host application for the agent's end-to-end tests: does N steps, prints the result, exits with 3. */
public final class HostApp {
    private HostApp() {
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        Worker w = new Worker();
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += w.step(i);
        }
        System.out.println("result=" + s);
        System.exit(3);
    }

    /** The probed class. */
    public static final class Worker {
        private long state = 17;

        public long step(int i) {
            state = state * 31 + i;
            return state & 0xff;
        }
    }
}
