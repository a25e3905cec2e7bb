package upgrade;

/** Version 2: circles are rounds now. */
public sealed interface Shape permits Round, Square {}
