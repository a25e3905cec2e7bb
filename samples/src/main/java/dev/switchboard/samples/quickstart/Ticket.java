package dev.switchboard.samples.quickstart;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.Sum;
import java.util.List;

/**
 * The state of one support ticket. Each component is a channel: {@code messages} appends what
 * nodes write, {@code turns} adds it up, and {@code topic} keeps the last value written. The
 * processor generates {@code TicketUpdate} (the partial updates nodes return) from this record.
 *
 * @param messages the conversation so far
 * @param turns how many replies the desk gave
 * @param topic where {@code classify} sent the ticket
 */
public record Ticket(
        @Reducer(Append.class) List<String> messages,
        @Reducer(Sum.class) int turns,
        String topic) {}
