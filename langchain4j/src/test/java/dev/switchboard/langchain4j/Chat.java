package dev.switchboard.langchain4j;

import dev.switchboard.annotation.Reducer;
import java.util.List;

/** The state most tests of this module use: LangGraph's MessagesState. */
record Chat(@Reducer(AddMessages.class) List<Message> messages) {}
