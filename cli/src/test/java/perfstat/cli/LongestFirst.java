package perfstat.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.ClassDescriptor;

/**
 * The order failsafe's JVM starts the IT classes in, two at a time (dist's pom): the longest first, so that no long
 * class starts last and runs alone while the other slot idles (on a clean clone the file system's order put the three
 * longest last). JUnit's pool takes classes from both ends of the list, one slot from each: the longest go at the
 * ends, alternately, the shortest in the middle. A class not named here counts as a middling one.
 */
public final class LongestFirst implements ClassOrderer {
    /** The IT classes by their time in the suite, longest first (failsafe's reports, two classes at a time). */
    private static final List<String> BY_TIME = List.of("StatIT", "CliIT", "ThirdPartyIT", "LifecycleIT", "AttachIT",
            "AgentIT", "AttachTargetsIT", "TransformPathsIT", "JdkProbesIT", "PlainJfrIT", "HtmlRenderIT", "JmcRulesIT");

    @Override
    public void orderClasses(ClassOrdererContext context) {
        List<ClassDescriptor> byTime = new ArrayList<>(context.getClassDescriptors());
        byTime.sort(Comparator.comparingInt(LongestFirst::rank));
        List<ClassDescriptor> front = new ArrayList<>();
        List<ClassDescriptor> back = new ArrayList<>();
        for (int i = 0; i < byTime.size(); i++) {
            (i % 2 == 0 ? front : back).add(byTime.get(i));
        }
        java.util.Collections.reverse(back);
        front.addAll(back);
        context.getClassDescriptors().sort(Comparator.comparingInt(front::indexOf));
    }

    private static int rank(ClassDescriptor d) {
        int i = BY_TIME.indexOf(d.getTestClass().getSimpleName());
        return i >= 0 ? 2 * i : BY_TIME.size(); // unknown: between the middling ones
    }
}
