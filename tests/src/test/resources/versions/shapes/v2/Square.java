package upgrade;

/** A square. */
public record Square(double side) implements Shape {}
