package upgrade;

import java.util.List;

/** The state of version 1, as its migration reads it. */
public record ChatV1(List<String> messages, String topic, int turns) {}
