package upgrade;

import java.util.List;
import java.util.Optional;

/** The state of version 2, as its migration reads it. */
public record ChatV2(List<String> messages, String subject, long turns, Optional<String> mood) {}
