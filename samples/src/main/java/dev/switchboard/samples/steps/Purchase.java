package dev.switchboard.samples.steps;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/**
 * The state of one purchase: what is bought, for how much, and what happened to it.
 *
 * @param item what is bought
 * @param cents its price
 * @param events what the checkout did, in order
 */
public record Purchase(
        String item, int cents, @Reducer(Append.class) List<String> events) {}
