package dev.switchboard.spring.boot;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/** The tests' state: a conversation's lines. */
public record Conversation(@Reducer(Append.class) List<String> lines) {}
