package perfstat.models.writepath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Any sequence of opens, writes, closes and cross-CPU hand-overs on two mounts: the
 * tracking variants' writer count of each mount equals the files open for write on it,
 * and a remount succeeds exactly when that number is zero.
 */
class WriterCountPropertyTest {

    record Op(int kind, int cpu, int mount) {
    }

    static Gen<Op> ops() {
        return integers().between(0, 4).zip(integers().between(0, 3), integers().between(0, 1), Op::new);
    }

    @Test
    void writerCountsFollowOpenFiles() {
        // fixed seed: the same 200 sequences every run, shrunk to a smallest failing one when one fails
        qt().withFixedSeed(20261201L).withExamples(200)
                .forAll(lists().of(ops()).ofSizeBetween(0, 200), integers().between(0, 1))
                .checkAssert(WriterCountPropertyTest::check);
    }

    static void check(List<Op> ops, int variantIndex) {
        String variant = List.of("unpatched", "piggin").get(variantIndex);
        try (Timekeeping clock = new Timekeeping()) {
            Vfs vfs = new Vfs(WritePathModel.tracking(variant, 4), 4, clock);
            Mount[] mounts = {vfs.mountNewFilesystem(null), null};
            mounts[1] = vfs.bindMount(mounts[0], null);
            Task[] tasks = {new Task(0), new Task(1), new Task(2), new Task(3)};
            List<int[]> open = new ArrayList<>(); // {task, fd, mount}
            byte[] buf = new byte[256];
            int n = 0;
            for (Op op : ops) {
                switch (op.kind()) {
                    case 0, 1 -> {
                        int fd = vfs.open(tasks[op.cpu()], mounts[op.mount()], "f" + n++, true, 1 << 16);
                        if (fd >= 0) {
                            open.add(new int[] {op.cpu(), fd, op.mount()});
                        } else {
                            assertThat(fd).isEqualTo(-Errno.EROFS);
                        }
                    }
                    case 2 -> {
                        if (!open.isEmpty()) {
                            int[] f = open.remove(open.size() - 1);
                            assertThat(vfs.close(tasks[op.cpu()], vfs.transfer(tasks[f[0]], f[1], tasks[op.cpu()]))).isZero();
                        }
                    }
                    case 3 -> {
                        if (!open.isEmpty()) {
                            int[] f = open.get(0);
                            assertThat(vfs.write(tasks[f[0]], f[1], buf, buf.length)).isEqualTo(256);
                        }
                    }
                    default -> {
                        Mount m = mounts[op.mount()];
                        long writers = open.stream().filter(f -> f[2] == op.mount()).count();
                        int rc = vfs.remountReadonly(m);
                        assertThat(rc).isEqualTo(writers == 0 ? 0 : -Errno.EBUSY);
                        if (rc == 0 && op.cpu() % 2 == 0) {
                            vfs.remountReadwrite(m);
                        }
                    }
                }
                for (int i = 0; i < 2; i++) {
                    int mi = i;
                    assertThat(vfs.writers(mounts[i])).isEqualTo(open.stream().filter(f -> f[2] == mi).count());
                }
            }
            assertThat(vfs.tracking().leakWarnings()).isZero();
        }
    }
}
