package upgrade;

/** What a conversation is about, since version 3. */
public record Topic(String name, boolean urgent) {}
