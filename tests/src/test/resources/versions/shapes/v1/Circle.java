package upgrade;

/** A circle, stored under the tag "Circle". */
public record Circle(double r) implements Shape {}
