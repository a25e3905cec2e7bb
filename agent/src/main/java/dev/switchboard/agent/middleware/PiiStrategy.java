package dev.switchboard.agent.middleware;

/** What the {@link Pii} middleware does with what it detects, LangChain's PII strategies. */
public enum PiiStrategy {
    /** Replace it with {@code [REDACTED_<TYPE>]}. */
    REDACT,
    /**
     * Hide most of it: {@code ****-****-****-1234} for a card, {@code a***@example.com} for an email,
     * stars and the last four characters otherwise.
     */
    MASK,
    /** Replace it with {@code <type_hash:xxxxxxxx>}, the first 8 hex digits of its SHA-256. */
    HASH,
    /** Fail the run with a {@link PiiDetectedException}. */
    BLOCK
}
