package dev.switchboard.server.studio;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Map;

/** A state holding chat messages in LangGraph's JSON form (type, content, tool_calls). */
public record Chat(@Reducer(Append.class) List<Map<String, Object>> messages) {}
