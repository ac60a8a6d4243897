package perfstat.cli.score;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import perfstat.format.Events;

/**
 * A command's own score, as its output printed it: committed by the CLI once the command has
 * exited, in a recording of its own whose chunk is then appended to the command's recording
 * ({@link ScoreChunk}), so that {@code report} and {@code diff} of that recording show the
 * score row as they show a model's.
 */
@Name(ProgramScoreEvent.NAME)
@Label("Program Score")
@Category({"perfstat", "Command"})
@Description("The numbers a command's output printed that the user's --score pattern found, and their mean")
@StackTrace(false)
public final class ProgramScoreEvent extends jdk.jfr.Event {
    public static final String NAME = Events.ProgramScore.NAME;

    @Label("Format Version")
    @Description("Version of perfstat's recording format (docs/recording-format.md)")
    @Name(Events.ProgramScore.FORMAT_VERSION)
    public int formatVersion;

    @Label("Score Name")
    @Description("The words of the pattern before its group, else 'score'")
    @Name(Events.ProgramScore.SCORE_NAME)
    public String scoreName;

    @Label("Score Unit")
    @Name(Events.ProgramScore.SCORE_UNIT)
    public String scoreUnit;

    @Label("Higher Is Better")
    @Name(Events.ProgramScore.HIGHER_IS_BETTER)
    public boolean higherIsBetter;

    @Label("Score")
    @Description("The mean of the numbers found")
    @Name(Events.ProgramScore.SCORE)
    public double score;

    @Label("Values")
    @Description("The numbers found, in the order printed, separated by spaces")
    @Name(Events.ProgramScore.VALUES)
    public String values;

    @Label("Iterations")
    @Description("Whether each number is one iteration of the program's loop (--iteration-score), judged by its steady state")
    @Name(Events.ProgramScore.ITERATIONS)
    public boolean iterations;

    @Label("Matches")
    @Description("How many numbers were found")
    @Name(Events.ProgramScore.MATCHES)
    public int matches;
}
