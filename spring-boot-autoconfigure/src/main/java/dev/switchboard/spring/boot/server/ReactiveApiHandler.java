package dev.switchboard.spring.boot.server;

import dev.switchboard.server.http.ApiHandler;
import dev.switchboard.server.http.ApiRequest;
import dev.switchboard.server.http.ApiResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebHandler;
import org.springframework.web.util.UriUtils;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Serves the server's {@link ApiHandler} from Spring WebFlux. The server's API is blocking (it reads
 * the body as a stream, waits for runs, writes a streamed answer on its own thread), so each request
 * is handled on a scheduler of its own, never on an event loop: the body is read there as it
 * arrives, and a streamed answer (SSE) is written there and flushed to the client event by event.
 * A stream or a wait holds a thread while it lasts, so the scheduler has room for {@link #THREADS}
 * of them at once, as a servlet container's request threads would (Reactor's shared bounded
 * elastic scheduler has ten per core, and other libraries' blocking calls share it).
 * The caller is the principal Spring Security (or another {@code WebFilter}) put on the exchange.
 * A client that hangs up cancels the response, which the server sees as a failed write, as it does
 * on its own HTTP server.
 */
final class ReactiveApiHandler implements WebHandler, DisposableBean {
    /** Requests in progress at once (streams and waits included); more wait for a thread. */
    static final int THREADS = 256;

    private final ApiHandler api;
    private final Scheduler scheduler =
            Schedulers.newBoundedElastic(THREADS, Integer.MAX_VALUE, "switchboard-api", 60, true);

    ReactiveApiHandler(ApiHandler api) {
        this.api = api;
    }

    @Override
    public void destroy() {
        scheduler.dispose();
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange) {
        return exchange.getPrincipal()
                .map(Principal::getName)
                .defaultIfEmpty("")
                .flatMap(who -> Mono.fromCallable(() -> answer(exchange, who)).subscribeOn(scheduler))
                .flatMap(answer -> write(exchange, answer));
    }

    private ApiResponse answer(ServerWebExchange exchange, String who) throws IOException {
        Request request = new Request(exchange.getRequest(), who.isEmpty() ? null : who);
        try {
            return api.handle(request);
        } finally {
            request.close(); // a body the API did not read is released, not left on the connection
        }
    }

    private Mono<Void> write(ServerWebExchange exchange, ApiResponse answer) {
        ServerHttpResponse response = exchange.getResponse();
        response.setStatusCode(HttpStatusCode.valueOf(answer.status()));
        HttpHeaders headers = response.getHeaders();
        Set<String> named = new HashSet<>();
        for (Map.Entry<String, String> h : answer.headers()) {
            // the server's header replaces one a filter set before it (a CORS filter's, say), so a
            // browser never sees two values of one; a name the server repeats keeps every value
            if (named.add(h.getKey().toLowerCase(Locale.ROOT))) {
                headers.set(h.getKey(), h.getValue());
            } else {
                headers.add(h.getKey(), h.getValue());
            }
        }
        if (exchange.getRequest().getMethod().name().equals("HEAD")) {
            return response.setComplete();
        }
        if (!answer.streamed()) {
            byte[] body = answer.body();
            if (body.length == 0) {
                return response.setComplete();
            }
            headers.setContentLength(body.length);
            return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
        }
        Flux<DataBuffer> events = Flux.from(DataBufferUtils.outputStreamPublisher(
                out -> {
                    try {
                        answer.stream().writeTo(out);
                    } catch (IOException e) {
                        // the client went away (the response was cancelled): nothing left to answer
                    }
                },
                response.bufferFactory(),
                scheduler::schedule));
        // each buffer is what the server wrote up to a flush: an event, sent at once
        return response.writeAndFlushWith(events.map(Mono::just));
    }

    /** A WebFlux request as the server's API reads it. */
    private static final class Request implements ApiRequest {
        private final ServerHttpRequest http;
        private final String principal;
        private InputStream body;

        Request(ServerHttpRequest http, String principal) {
            this.http = http;
            this.principal = principal;
        }

        @Override
        public String method() {
            return http.getMethod().name();
        }

        @Override
        public String path() {
            return UriUtils.decode(http.getPath().pathWithinApplication().value(), StandardCharsets.UTF_8);
        }

        @Override
        public String rawQuery() {
            return http.getURI().getRawQuery();
        }

        @Override
        public String header(String name) {
            return http.getHeaders().getFirst(name);
        }

        @Override
        public synchronized InputStream body() {
            if (body == null) {
                body = DataBufferUtils.subscriberInputStream(http.getBody(), 4);
            }
            return body;
        }

        @Override
        public String principal() {
            return principal;
        }

        synchronized void close() {
            if (body != null) {
                try {
                    body.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }
}
