package perfstat.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The length of every method, constructor and initialiser in Java sources, found by counting
 * braces in the text with comments, string, character and text-block literals blanked out.
 * A method runs from its declaration's first line (after its annotations) to its closing
 * brace, both counted. Methods of a class declared inside a method count towards that method.
 */
final class MethodLengths {
    /** One method: where it is and how many lines it spans. */
    record Method(Path file, String name, int line, int lines) {
        @Override
        public String toString() {
            return file + ":" + line + " " + name + " (" + lines + " lines)";
        }
    }

    private enum Kind { TYPE, METHOD, BLOCK }

    private record Frame(Kind kind, String name, int line) {
    }

    private static final Pattern TYPE_DECL = Pattern.compile("\\b(class|interface|enum|record)\\s+[A-Za-z_$]");
    private static final Pattern ANONYMOUS = Pattern.compile("\\bnew\\s+[\\w$.<>?,\\s\\[\\]]+\\(.*\\)\\s*$", Pattern.DOTALL);
    private static final Pattern NAME_BEFORE_PAREN = Pattern.compile("([A-Za-z_$][\\w$]*)\\s*\\(");
    private static final Pattern LAST_WORD = Pattern.compile("([A-Za-z_$][\\w$]*)\\s*$");

    private MethodLengths() {
    }

    /** Every method in the {@code .java} files under {@code roots} (a root that does not exist is skipped). */
    static List<Method> in(List<Path> roots) {
        List<Method> all = new ArrayList<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    all.addAll(of(f, Files.readString(f)));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return all;
    }

    /** The methods of one source text. */
    static List<Method> of(Path file, String source) {
        String code = blank(source);
        List<Method> methods = new ArrayList<>();
        Deque<Frame> stack = new ArrayDeque<>();
        int line = 1;
        int headerStart = 0;
        int parens = 0; // a brace inside parentheses (an annotation's array) is part of a header
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '\n') {
                line++;
            } else if (c == '(' || c == ')') {
                parens += c == '(' ? 1 : -1;
            } else if (c == ';' && parens == 0) {
                headerStart = i + 1;
            } else if (c == '{') {
                stack.push(parens > 0 ? new Frame(Kind.BLOCK, null, 0) : open(stack.peek(), code, headerStart, i, line));
                headerStart = parens > 0 ? headerStart : i + 1;
            } else if (c == '}') {
                Frame f = stack.pop();
                if (f.kind() == Kind.METHOD) {
                    methods.add(new Method(file, f.name(), f.line(), line - f.line() + 1));
                }
                headerStart = parens > 0 ? headerStart : i + 1;
            }
        }
        return methods;
    }

    /** What the brace at {@code brace} opens, given the text since the last {@code ; { }}. */
    private static Frame open(Frame enclosing, String code, int headerStart, int brace, int braceLine) {
        if (enclosing != null && enclosing.kind() != Kind.TYPE) {
            return new Frame(Kind.BLOCK, null, 0);
        }
        String header = code.substring(headerStart, brace);
        int skipped = skipAnnotations(header);
        String decl = header.substring(skipped).strip();
        int declLine = braceLine - count(header.substring(skipped), '\n');
        if (TYPE_DECL.matcher(decl).find() || enclosing == null) {
            return new Frame(Kind.TYPE, decl, declLine);
        }
        if (decl.contains("=") || decl.contains("->")) {
            return new Frame(ANONYMOUS.matcher(decl).find() ? Kind.TYPE : Kind.BLOCK, decl, declLine);
        }
        Matcher m = NAME_BEFORE_PAREN.matcher(decl);
        String name;
        if (m.find()) {
            name = m.group(1);
        } else if (decl.isEmpty() || decl.equals("static")) {
            name = decl.isEmpty() ? "<instance initialiser>" : "<static initialiser>";
        } else {
            Matcher w = LAST_WORD.matcher(decl); // a record's compact constructor
            name = w.find() ? w.group(1) : decl;
        }
        return new Frame(Kind.METHOD, name, declLine);
    }

    /** The index in {@code header} after its leading whitespace and annotations ({@code @A}, {@code @A(...)}). */
    private static int skipAnnotations(String header) {
        int i = 0;
        while (true) {
            while (i < header.length() && Character.isWhitespace(header.charAt(i))) {
                i++;
            }
            if (i >= header.length() || header.charAt(i) != '@' || header.startsWith("@interface", i)) {
                return i;
            }
            i++;
            while (i < header.length() && (Character.isJavaIdentifierPart(header.charAt(i)) || header.charAt(i) == '.')) {
                i++;
            }
            int j = i;
            while (j < header.length() && Character.isWhitespace(header.charAt(j))) {
                j++;
            }
            if (j < header.length() && header.charAt(j) == '(') {
                int depth = 0;
                for (i = j; i < header.length(); i++) {
                    char c = header.charAt(i);
                    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
                    if (depth == 0) {
                        i++;
                        break;
                    }
                }
            }
        }
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            n += s.charAt(i) == c ? 1 : 0;
        }
        return n;
    }

    /**
     * {@code source} with every comment and every string, character and text-block literal's
     * content replaced by spaces; newlines kept, so that lines still count.
     */
    static String blank(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            char next = i + 1 < n ? source.charAt(i + 1) : 0;
            int end;
            if (c == '/' && next == '/') {
                end = source.indexOf('\n', i);
                end = end < 0 ? n : end;
            } else if (c == '/' && next == '*') {
                end = source.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
            } else if (source.startsWith("\"\"\"", i)) {
                end = literalEnd(source, i + 3, "\"\"\"");
            } else if (c == '"' || c == '\'') {
                end = literalEnd(source, i + 1, String.valueOf(c));
            } else {
                out.append(c);
                i++;
                continue;
            }
            for (int k = i; k < end; k++) {
                out.append(source.charAt(k) == '\n' ? '\n' : ' ');
            }
            i = end;
        }
        return out.toString();
    }

    /** The index after the literal's closing {@code quote}, from {@code from} inside it; backslash escapes skipped. */
    private static int literalEnd(String source, int from, String quote) {
        int i = from;
        while (i < source.length()) {
            if (source.charAt(i) == '\\') {
                i += 2;
            } else if (source.startsWith(quote, i)) {
                return i + quote.length();
            } else {
                i++;
            }
        }
        return source.length();
    }
}
