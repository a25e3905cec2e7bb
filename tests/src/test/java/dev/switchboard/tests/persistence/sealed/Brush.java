package dev.switchboard.tests.persistence.sealed;

/** A sealed interface only Send payloads hold: its tag table comes from the graph, not a record. */
sealed interface Brush permits Brush.Pen, Brush.Spray {
    record Pen(double width) implements Brush {}

    record Spray(double width) implements Brush {}
}
