package dev.switchboard.annotation;

/** The channel kinds a state record component can choose with {@link Channel}. */
public enum ChannelKind {
    /** Keeps the last value written; two writes in one superstep are an error. */
    LAST_VALUE,
    /**
     * A list of values published in a superstep ({@code List<E>} components only), cleared at the
     * next superstep unless it accumulates.
     */
    TOPIC,
    /** Holds a value for the superstep after it was written only, then clears it. */
    EPHEMERAL,
    /** Keeps the last value; several writes in one superstep are allowed (they are assumed equal). */
    ANY_VALUE,
    /** Keeps the last value but makes it visible only once the graph has nothing else to run. */
    LAST_VALUE_AFTER_FINISH
}
