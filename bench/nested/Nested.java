/**
 * Nested probed methods for bench/nested-bias.sh: outer(String, int) calls middle, which calls inner, once a call
 * each, as an overload calls the next with defaults. Each level adds its own work (about a microsecond in all), so
 * the three p50s differ and each outer interval holds the inner calls.
 *   java Nested CALLS
 */
public final class Nested {
    private Nested() {
    }

    public static void main(String[] args) {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        String text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen";
        long sum = 0;
        for (int i = 0; i < calls; i++) {
            sum += outer(text, 10 + (i & 7));
        }
        System.out.println("sum=" + sum);
    }

    static int outer(String text, int width) {
        return middle(text.trim(), width, '\n') + text.indexOf(' ');
    }

    static int middle(String text, int width, char newline) {
        return inner(text.toUpperCase(java.util.Locale.ROOT), width, newline, ' ');
    }

    /** Breaks {@code text} at the last {@code space} before each {@code width}: the number of lines and characters. */
    static int inner(String text, int width, char newline, char space) {
        StringBuilder b = new StringBuilder(text.length() + 16);
        int line = 0;
        int lines = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == space && line >= width) {
                b.append(newline);
                line = 0;
                lines++;
            } else {
                b.append(c);
                line++;
            }
        }
        return lines + b.toString().hashCode() % 7;
    }
}
