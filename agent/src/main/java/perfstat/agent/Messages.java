package perfstat.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Where the agent's lines go: the host JVM's stderr, or, for a session that {@code perfstat
 * attach} opened ({@code messages=FILE}), a side file that attach prints on its own stderr, so
 * that the user who attached reads them and the application's log stays its own. The file is
 * created owner-only and appended to, a line at a time. Never throws: a line that cannot be
 * written to the file goes to stderr.
 */
final class Messages {
    static final Messages STDERR = new Messages(null);
    private static final Set<StandardOpenOption> APPEND = Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.APPEND);

    /** The side file, or null for stderr. */
    private final Path file;

    private Messages(Path file) {
        this.file = file;
    }

    /** The lines' destination as {@code file} (an option's value, null for stderr) names it. */
    static Messages to(String file) {
        return file == null ? STDERR : new Messages(Path.of(file));
    }

    /** One line, prefixed {@code perfstat agent: }. */
    void say(String line) {
        String text = "perfstat agent: " + line;
        if (file != null) {
            synchronized (this) {
                try (SeekableByteChannel ch = Files.newByteChannel(file, APPEND,
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
                    ch.write(ByteBuffer.wrap((text + "\n").getBytes(StandardCharsets.UTF_8)));
                    return;
                } catch (IOException | RuntimeException e) {
                    // the file is gone or not writable (not POSIX): stderr, rather than lose the line
                }
            }
        }
        System.err.println(text);
    }
}
