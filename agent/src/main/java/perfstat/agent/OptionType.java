package perfstat.agent;

import java.util.List;
import perfstat.agent.AgentOptions.BadOption;

/**
 * What an agent option's value is: how its text is read, written back, checked, and what a
 * valid one looks like for the property test. {@code parse(format(v))} gives {@code v} back
 * for every {@code v} that {@link #check} accepts; {@link #arbitrary} makes only such values.
 * The types are in {@link OptionTypes}; the options, each one declaration, in {@link AgentOptions}.
 *
 * @param <T> the value's type
 */
public interface OptionType<T> {
    /** One occurrence's value from its text (already trimmed), or a one-line error naming {@code key}. */
    T parse(String key, String text) throws BadOption;

    /** The value after a later occurrence of the option: the later one, or for a list both. */
    default T merge(T earlier, T later) {
        return later;
    }

    /** The value's texts, one per {@code KEY=TEXT}; none where the value says nothing (an empty list, null). */
    List<String> format(T value);

    /** Refuses, with a one-line error naming {@code key}, a value that the agent cannot use or {@link #format} cannot write. */
    void check(String key, T value) throws BadOption;

    /** The value as held: lists copied unmodifiable, so that options stay immutable. */
    default T immutable(T value) {
        return value;
    }

    /** A valid value, made from {@code choices}: what the property test feeds {@code parse(format(o)) == o}. */
    T arbitrary(Choices choices);

    /** Where {@link #arbitrary} takes its choices from: the property test's source of randomness. */
    @FunctionalInterface
    interface Choices {
        /** A number from {@code min} to {@code max}, both included. */
        long between(long min, long max);

        /** One of {@code values}. */
        default <T> T pick(List<T> values) {
            return values.get((int) between(0, values.size() - 1));
        }

        default boolean bool() {
            return between(0, 1) == 1;
        }
    }
}
