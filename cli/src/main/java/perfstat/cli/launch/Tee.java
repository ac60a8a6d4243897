package perfstat.cli.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** A command's standard output copied, as it comes, to a file and to perfstat's own standard output ({@code tee}). */
final class Tee {
    private Tee() {
    }

    /** Starts copying {@code in} to {@code file} (emptied) and to {@link System#out}, on a thread of its own. */
    static Thread start(InputStream in, Path file) throws IOException {
        OutputStream out = Files.newOutputStream(file);
        Thread t = new Thread(() -> copy(in, out), "perfstat-tee");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void copy(InputStream in, OutputStream file) {
        byte[] buf = new byte[8192];
        try (in; file) {
            int n;
            while ((n = in.read(buf)) > 0) {
                file.write(buf, 0, n);
                System.out.write(buf, 0, n);
                System.out.flush();
            }
        } catch (IOException e) {
            // the command's output ends here; what was copied stays
        }
    }
}
