package dev.switchboard.samples.mapreduce;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/**
 * The map-reduce state: the chapters to summarize, the workers' summaries (appended, so that
 * parallel workers never conflict) and the digest {@code combine} builds from them.
 *
 * @param chapters the chapter texts, in reading order
 * @param summaries one summary per chapter, in the order the chapters were sent
 * @param digest the summaries joined into one text
 */
public record Book(
        List<String> chapters, @Reducer(Append.class) List<Summary> summaries, String digest) {}
