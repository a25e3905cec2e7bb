package dev.switchboard.spring.boot.server;

import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.handler.SimpleUrlHandlerMapping;

/**
 * Maps the paths of LangGraph's API ({@code /assistants}, {@code /threads}, {@code /runs}, {@code
 * /store}, {@code /info}, {@code /ok}, and Studio under {@code /studio}) to the server, after the
 * application's own {@code @RequestMapping}s, so its controllers live beside the API. CORS requests,
 * preflights included, reach the server, which answers them itself: Spring MVC would otherwise
 * answer a preflight of a path it has no CORS settings for without the server's allowed origins
 * and exposed headers.
 */
final class ApiHandlerMapping extends SimpleUrlHandlerMapping {
    ApiHandlerMapping(ServletApiHandler handler) {
        Map<String, Object> urls = new LinkedHashMap<>();
        for (String path : ApiPaths.PATTERNS) {
            urls.put(path, handler);
        }
        setUrlMap(urls);
        setOrder(1); // after RequestMappingHandlerMapping (0), before static resources
    }

    @Override
    protected HandlerExecutionChain getCorsHandlerExecutionChain(
            HttpServletRequest request, HandlerExecutionChain chain, CorsConfiguration config) {
        return chain;
    }
}
