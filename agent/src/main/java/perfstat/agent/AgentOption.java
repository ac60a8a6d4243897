package perfstat.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import perfstat.agent.AgentOptions.BadOption;

/**
 * One agent option, declared once in {@link AgentOptions}: its key, its value's type, its
 * default, whether the recording carries it, and its line in the docs' table. Parsing,
 * formatting, the builder's checks, the docs' table and the property test's values all follow
 * from the declarations; read a value with {@link AgentOptions#get}, set one with
 * {@link AgentOptions.Builder#set}.
 *
 * @param <T> the value's type
 */
public final class AgentOption<T> {
    private final int index;
    private final String key;
    private final String syntax;
    private final OptionType<T> type;
    private final T defaultValue;
    private final Predicate<AgentOptions> recorded;
    private final String doc;

    AgentOption(int index, String key, String syntax, OptionType<T> type, T defaultValue,
                Predicate<AgentOptions> recorded, String doc) {
        this.index = index;
        this.key = key;
        this.syntax = syntax;
        this.type = type;
        this.defaultValue = type.immutable(defaultValue);
        this.recorded = recorded;
        this.doc = doc;
    }

    /** The key: {@code KEY=VALUE}. */
    public String key() {
        return key;
    }

    /** The value's shape in the docs: {@code FILE.jfr}, {@code sampled|exact|off}. */
    public String syntax() {
        return syntax;
    }

    public T defaultValue() {
        return defaultValue;
    }

    /** One line of markdown: what the option does. */
    public String doc() {
        return doc;
    }

    public OptionType<T> type() {
        return type;
    }

    /** The option's row in the docs' table: {@code | `KEY=SYNTAX` | DOC |}. */
    public String docRow() {
        return "| `" + key + "=" + syntax.replace("|", "\\|") + "` | " + doc + " |";
    }

    /** A valid value made from {@code choices} (see {@link OptionType#arbitrary}). */
    public T arbitrary(OptionType.Choices choices) {
        return type.arbitrary(choices);
    }

    int index() {
        return index;
    }

    /** Whether {@link AgentOptions#describeForRecording()} carries this option of {@code o}. */
    boolean recordedIn(AgentOptions o) {
        return recorded.test(o);
    }

    /** The value after one more occurrence of {@code KEY=text} on top of {@code earlier}. */
    T parseOnto(Object earlier, String text) throws BadOption {
        return type.merge(cast(earlier), type.parse(key, text));
    }

    void check(Object value) throws BadOption {
        type.check(key, cast(value));
    }

    /** {@code KEY=TEXT} for each of the value's texts. */
    List<String> parts(Object value) {
        List<String> parts = new ArrayList<>();
        for (String text : type.format(cast(value))) {
            parts.add(key + "=" + text);
        }
        return parts;
    }

    @SuppressWarnings("unchecked")
    T cast(Object value) {
        return (T) value;
    }

    @Override
    public String toString() {
        return key;
    }
}
