package dev.switchboard.agent.middleware;

import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.AgentModel;
import dev.switchboard.agent.ModelCallHandler;
import dev.switchboard.agent.ModelRequest;
import dev.switchboard.agent.ModelResponse;
import dev.switchboard.annotation.Middleware;
import dev.switchboard.annotation.WrapModelCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Model fallback, LangChain's {@code modelFallbackMiddleware}: when the model call fails, the same
 * request goes to each fallback model in turn; the first answer wins, and if all fail the last
 * failure fails the run.
 */
@Middleware(name = "ModelFallbackMiddleware")
public final class ModelFallback {
    private final List<AgentModel> fallbacks;

    private ModelFallback(List<AgentModel> fallbacks) {
        this.fallbacks = List.copyOf(fallbacks);
    }

    /**
     * The middleware with these fallbacks, in the order they are tried.
     *
     * @param first the first fallback
     * @param more further fallbacks
     * @return the middleware
     */
    public static AgentMiddleware of(AgentModel first, AgentModel... more) {
        List<AgentModel> all = new ArrayList<>();
        all.add(Objects.requireNonNull(first, "first"));
        for (AgentModel m : more) {
            all.add(Objects.requireNonNull(m, "a fallback"));
        }
        return new ModelFallbackMiddleware(new ModelFallback(all));
    }

    @WrapModelCall
    ModelResponse fallBack(ModelRequest request, ModelCallHandler handler) throws Exception {
        try {
            return handler.call(request);
        } catch (Exception primary) {
            Exception last = primary;
            for (AgentModel m : fallbacks) {
                try {
                    return handler.call(request.withModel(m));
                } catch (Exception e) {
                    last = e;
                }
            }
            throw last;
        }
    }
}
