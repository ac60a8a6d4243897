/**
 * A command's own score ({@code --score REGEX} of {@code compare} and {@code stat}): the
 * pattern, checked before any run ({@link perfstat.cli.score.ScorePattern}); the numbers it
 * finds in a run's output; and the event that records them in the run's recording
 * ({@link perfstat.cli.score.ScoreChunk}), which the reader reads as it reads a model's score.
 * Must not depend on read, stats or render.
 */
package perfstat.cli.score;
