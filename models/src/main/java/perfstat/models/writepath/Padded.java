package perfstat.models.writepath;

/**
 * Left padding for objects that stand for one CPU's cache line. Java lays out a
 * superclass's fields before a subclass's, so 56 bytes here keep a neighbour's
 * fields off the line that the subclass's hot fields use; subclasses pad on the right.
 */
abstract class PaddedLeft {
    long p01, p02, p03, p04, p05, p06, p07;
}
