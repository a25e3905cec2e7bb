package dev.switchboard.spring.boot.server;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Maps the paths of LangGraph's API to the server in a WebFlux application, after the
 * application's own controllers and router functions, as {@link ApiHandlerMapping} does in Spring
 * MVC. CORS requests, preflights included, reach the server, which answers them itself: WebFlux
 * would otherwise answer a preflight of a path it has no CORS settings for without the server's
 * allowed origins and exposed headers.
 */
final class ReactiveApiHandlerMapping extends SimpleUrlHandlerMapping {
    ReactiveApiHandlerMapping(ReactiveApiHandler handler) {
        Map<String, Object> urls = new LinkedHashMap<>();
        for (String path : ApiPaths.PATTERNS) {
            urls.put(path, handler);
        }
        setUrlMap(urls);
        setOrder(1); // after RequestMappingHandlerMapping (0) and RouterFunctionMapping (-1)
    }

    @Override
    public Mono<Object> getHandler(ServerWebExchange exchange) {
        return getHandlerInternal(exchange);
    }
}
