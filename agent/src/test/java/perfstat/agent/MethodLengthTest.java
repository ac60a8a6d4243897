package perfstat.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** No method in the agent's main code is longer than {@value #LIMIT} lines. */
class MethodLengthTest {
    static final int LIMIT = 60;

    @Test
    void noMethodInTheAgentIsLongerThanTheLimit() {
        List<MethodLengths.Method> methods = MethodLengths.in(List.of(Path.of("src/main/java"), Path.of("src/main/java22")));
        assertThat(methods).as("the agent's methods").hasSizeGreaterThan(100);
        assertThat(methods.stream().filter(m -> m.lines() > LIMIT).toList()).as("methods over " + LIMIT + " lines").isEmpty();
    }

    @Test
    void theScanCountsFromTheDeclarationToTheClosingBraceAndSkipsCommentsAndLiterals() {
        String source = """
                package p;
                /** a { in a comment */
                class A {
                    static final Runnable R = () -> { };
                    static final Object O = new Object() {
                        @Override
                        public String toString() {
                            return "}";
                        }
                    };
                    int[] xs = {1, 2};

                    @SuppressWarnings({"a", "b"})
                    void f(int a) {
                        // }
                        char c = '{';
                        String t = \"""
                            }}}
                            \""";
                        Runnable r = new Runnable() {
                            public void run() {
                            }
                        };
                    }

                    static {
                    }

                    record R(int x) {
                        R {
                        }
                    }
                }
                """;
        List<MethodLengths.Method> methods = MethodLengths.of(Path.of("A.java"), source);
        assertThat(methods).extracting(MethodLengths.Method::name)
                .containsExactly("toString", "f", "<static initialiser>", "R");
        assertThat(methods).extracting(MethodLengths.Method::line).containsExactly(7, 14, 26, 30);
        assertThat(methods).extracting(MethodLengths.Method::lines).containsExactly(3, 11, 2, 2);
    }
}
