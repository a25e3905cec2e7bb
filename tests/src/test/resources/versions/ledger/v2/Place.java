package upgrade;

import java.util.Optional;

/** Version 2: a place gained a postcode, absent in what version 1 stored. */
public record Place(String city, Optional<String> zip) {}
