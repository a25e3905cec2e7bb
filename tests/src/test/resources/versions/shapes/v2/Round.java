package upgrade;

import dev.switchboard.annotation.Tag;

/** The circle of version 1, renamed; its stored values keep reading by their old tag. */
@Tag(value = "Round", aliases = "Circle")
public record Round(double r) implements Shape {}
