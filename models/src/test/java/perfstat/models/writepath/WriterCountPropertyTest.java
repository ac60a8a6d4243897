package perfstat.models.writepath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Any sequence of opens, writes, closes and cross-CPU hand-overs on two mounts: the
 * tracking variants' writer count of each mount equals the files open for write on it,
 * and a remount succeeds exactly when that number is zero.
 */
class WriterCountPropertyTest {

    record Op(int kind, int cpu, int mount) {
    }

    @Provide
    Arbitrary<Op> ops() {
        return net.jqwik.api.Combinators.combine(Arbitraries.integers().between(0, 4),
                Arbitraries.integers().between(0, 3), Arbitraries.integers().between(0, 1)).as(Op::new);
    }

    @Property(tries = 200)
    void writerCountsFollowOpenFiles(@ForAll @Size(max = 200) List<@From("ops") Op> ops,
                                     @ForAll @IntRange(min = 0, max = 1) int variantIndex) {
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
