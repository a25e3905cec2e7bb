package dev.switchboard.spring.boot.server;

import java.util.List;

/**
 * The top-level paths of LangGraph's API that the Spring MVC and WebFlux mappings hand to the
 * server, in Spring's path pattern syntax. A class of its own so that neither web stack's mapping
 * loads the other's classes.
 */
final class ApiPaths {
    /** {@code /**} also matches the path itself. */
    static final List<String> PATTERNS =
            List.of("/assistants/**", "/threads/**", "/runs/**", "/store/**", "/studio/**", "/info", "/ok");

    private ApiPaths() {}
}
