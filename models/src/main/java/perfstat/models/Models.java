package perfstat.models;

import java.util.List;
import java.util.Optional;
import perfstat.models.block.BlockModel;
import perfstat.models.rwsem.RwsemModel;
import perfstat.models.spi.Model;
import perfstat.models.writepath.WritePathModel;

/**
 * The one registry of models. Adding a model means adding its package, whose declaration
 * ({@link Model}) names its variants and workloads, and one line here.
 * A name given by a user may be a model's name or one of its workloads' names (workload
 * names are unique across models), so {@code perfstat run fstime} finds the write-path model.
 */
public final class Models {
    private static final List<Model<?>> ALL = List.of(
            WritePathModel.MODEL,
            RwsemModel.MODEL,
            BlockModel.MODEL);

    private Models() {
    }

    public static List<Model<?>> all() {
        return ALL;
    }

    /** A model and one of its workloads, resolved from a user's name. */
    public record Selection(Model<?> model, Model.WorkloadInfo<?> workload) {
    }

    public static Optional<Selection> find(String name) {
        for (Model<?> m : ALL) {
            if (m.name().equals(name)) {
                return Optional.of(new Selection(m, m.workloads().get(0)));
            }
            Model.WorkloadInfo<?> w = m.workload(name);
            if (w != null) {
                return Optional.of(new Selection(m, w));
            }
        }
        return Optional.empty();
    }
}
