package dev.switchboard.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/** The replies of a scripted model: a queue or a function, and the requests seen so far. */
final class Script {
    private final List<AiMessage> queue;
    private final Function<ChatRequest, AiMessage> function;
    private final List<ChatRequest> requests = new ArrayList<>();

    private Script(List<AiMessage> queue, Function<ChatRequest, AiMessage> function) {
        this.queue = queue;
        this.function = function;
    }

    static Script queue(List<AiMessage> replies) {
        return new Script(List.copyOf(replies), null);
    }

    static Script function(Function<ChatRequest, AiMessage> replies) {
        return new Script(null, Objects.requireNonNull(replies, "replies"));
    }

    AiMessage next(ChatRequest request) {
        int n;
        synchronized (this) {
            requests.add(request);
            n = requests.size();
        }
        if (function != null) {
            return function.apply(request);
        }
        if (n > queue.size()) {
            throw new IllegalStateException(
                    "the scripted model has no reply left: it was given " + queue.size() + " and this is call " + n);
        }
        return queue.get(n - 1);
    }

    synchronized List<ChatRequest> requests() {
        return List.copyOf(requests);
    }
}
