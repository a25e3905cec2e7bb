package upgrade;

/** What a drawing holds, stored by tag. */
public sealed interface Shape permits Circle, Square {}
