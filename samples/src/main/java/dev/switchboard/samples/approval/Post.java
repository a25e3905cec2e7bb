package dev.switchboard.samples.approval;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.Sum;
import java.util.List;

/**
 * The state of one post on its way to publication.
 *
 * @param topic what the post is about
 * @param draft the current text
 * @param feedback every change a reviewer asked for, in order
 * @param revisions how many times the draft was revised
 * @param status where the post stands: drafted, revised, approved, changes requested, published
 */
public record Post(
        String topic,
        String draft,
        @Reducer(Append.class) List<String> feedback,
        @Reducer(Sum.class) int revisions,
        String status) {}
