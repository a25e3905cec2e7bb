package dev.switchboard.agent.middleware;

import java.util.List;

/**
 * PII the {@link Pii} middleware blocks was found: the run fails with a {@code NodeException}
 * whose cause this is. The message names the type and count, never the values found.
 */
public final class PiiDetectedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String type;
    private final transient List<PiiMatch> matches;

    PiiDetectedException(String type, List<PiiMatch> matches) {
        super("PII detected: " + type + " found " + matches.size() + " occurrence(s)");
        this.type = type;
        this.matches = List.copyOf(matches);
    }

    /**
     * The PII type found.
     *
     * @return the type
     */
    public String type() {
        return type;
    }

    /**
     * Where it was found.
     *
     * @return the matches
     */
    public List<PiiMatch> matches() {
        return matches;
    }
}
