/**
 * One picocli command a class, and the option groups several share (mixins: {@code ModelOptions},
 * {@code ProbeOptions}, {@code FormatOption}, {@code JudgeOptions}). Commands check their input,
 * call launch, read, stats and render, and print only through picocli's writers.
 */
package perfstat.cli.command;
