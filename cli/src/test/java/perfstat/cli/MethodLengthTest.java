package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No method or constructor in the main sources of the CLI, the agent, the models or the JMH profiler is longer than
 * {@value #MAX_LINES} lines, from its declaration to its closing brace: a long method is a
 * sequence of steps that should have names. Records' headers and class bodies do not count.
 */
class MethodLengthTest {
    static final int MAX_LINES = 60;
    private static final Path ROOT = Path.of("..");
    private static final List<String> FOLDERS = List.of("cli/src/main/java", "agent/src/main/java", "agent/src/main/java22",
            "models/src/main/java", "jmh/src/main/java");
    private static final Set<String> NOT_METHODS = Set.of("if", "for", "while", "switch", "catch", "synchronized", "try",
            "return", "else", "do", "new", "throw", "case", "assert", "yield");
    /** A name, its parameter list, an optional throws clause, and the body's opening brace. */
    private static final Pattern DECLARATION = Pattern.compile(
            "(\\w+)\\s*\\(([^;{}()]|\\([^;{}()]*\\))*\\)\\s*(throws\\s+[\\w.,\\s]+)?\\{");

    @Test
    void noMethodIsLongerThanTheLimit() throws IOException {
        List<String> longOnes = new ArrayList<>();
        for (String folder : FOLDERS) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(folder))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    for (String m : longMethods(Files.readString(f))) {
                        longOnes.add(ROOT.relativize(f) + ": " + m);
                    }
                }
            }
        }
        assertThat(longOnes).as("methods over " + MAX_LINES + " lines").isEmpty();
    }

    /** The scan itself finds a long method, skips records, lambdas and text in strings or comments. */
    @Test
    void theScanFindsWhatItShould() {
        String body = "        x++;\n".repeat(MAX_LINES);
        String code = "record R(int a, int b) {\n" + body + "}\n"
                + "class C {\n"
                + "    /* void fake() { */\n"
                + "    String s = \"void g() {\";\n"
                + "    void shortOne(int a) throws java.io.IOException {\n        x++;\n    }\n"
                + "    void longOne(java.util.List<String> xs, int[] ys) {\n" + body + "        if (a) {\n        }\n    }\n"
                + "    Runnable r = () -> {\n" + body + "    };\n"
                + "}\n";
        assertThat(longMethods(code)).containsExactly("longOne (" + (MAX_LINES + 4) + " lines)");
    }

    static List<String> longMethods(String source) {
        String code = blankCommentsAndLiterals(source);
        List<String> found = new ArrayList<>();
        Matcher m = DECLARATION.matcher(code);
        while (m.find()) {
            String name = m.group(1);
            String before = code.substring(Math.max(0, m.start() - 40), m.start()).strip();
            if (NOT_METHODS.contains(name) || before.endsWith("record") || before.endsWith("new")
                    || before.endsWith("->") || Character.isUpperCase(name.charAt(0)) && before.endsWith("class")) {
                continue;
            }
            int open = m.end() - 1;
            int close = matchingBrace(code, open);
            int lines = lineOf(code, close) - lineOf(code, m.start()) + 1;
            if (lines > MAX_LINES) {
                found.add(name + " (" + lines + " lines)");
            }
        }
        return found;
    }

    private static int matchingBrace(String code, int open) {
        int depth = 0;
        for (int i = open; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return code.length() - 1;
    }

    private static int lineOf(String code, int index) {
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (code.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** The source with comments, strings, text blocks and char literals blanked, newlines kept. */
    static String blankCommentsAndLiterals(String s) {
        StringBuilder b = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            int end;
            if (s.startsWith("//", i)) {
                end = s.indexOf('\n', i);
                end = end < 0 ? s.length() : end;
            } else if (s.startsWith("/*", i)) {
                end = s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end + 2;
            } else if (s.startsWith("\"\"\"", i)) {
                end = s.indexOf("\"\"\"", i + 3);
                end = end < 0 ? s.length() : end + 3;
            } else if (s.charAt(i) == '"' || s.charAt(i) == '\'') {
                char q = s.charAt(i);
                end = i + 1;
                while (end < s.length() && s.charAt(end) != q && s.charAt(end) != '\n') {
                    end += s.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(s.length(), end + 1);
            } else {
                b.append(s.charAt(i++));
                continue;
            }
            for (int k = i; k < end; k++) {
                b.append(s.charAt(k) == '\n' ? '\n' : ' ');
            }
            i = end;
        }
        return b.toString();
    }
}
