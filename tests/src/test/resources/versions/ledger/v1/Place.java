package upgrade;

/** Where an entry was booked: a record stored inside the state. */
public record Place(String city) {}
