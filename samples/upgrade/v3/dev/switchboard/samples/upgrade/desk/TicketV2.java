package dev.switchboard.samples.upgrade.desk;

import java.util.List;
import java.util.Optional;

/** Release 2's ticket, as its stored checkpoints read: what the migration takes. */
public record TicketV2(List<String> log, String subject, Optional<String> priority) {}
