package dev.switchboard.spring.boot.server;

import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.http.server.PathContainer;
import org.springframework.web.cors.reactive.CorsUtils;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;

/**
 * Hands a browser's CORS preflight of an API path to the server in a WebFlux application. WebFlux's
 * {@code DispatcherHandler} answers every preflight itself, from the CORS settings of its handler
 * mappings, and never calls a handler with one, so without this filter the server's answer (its
 * allowed origins and exposed headers) would never reach the browser. It runs last among the web
 * filters, after the application's security, which decides whether preflights get through.
 */
final class ReactivePreflightFilter implements WebFilter, Ordered {
    private final ReactiveApiHandler api;
    private final List<PathPattern> paths;

    ReactivePreflightFilter(ReactiveApiHandler api) {
        this.api = api;
        this.paths = ApiPaths.PATTERNS.stream()
                .map(PathPatternParser.defaultInstance::parse)
                .toList();
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (CorsUtils.isPreFlightRequest(exchange.getRequest()) && api(exchange)) {
            return api.handle(exchange);
        }
        return chain.filter(exchange);
    }

    private boolean api(ServerWebExchange exchange) {
        PathContainer path = exchange.getRequest().getPath().pathWithinApplication();
        for (PathPattern p : paths) {
            if (p.matches(path)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
