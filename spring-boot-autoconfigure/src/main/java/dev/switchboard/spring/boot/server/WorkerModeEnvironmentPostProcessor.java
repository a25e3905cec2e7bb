package dev.switchboard.spring.boot.server;

import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Makes {@code switchboard.server.mode=worker} a worker JVM by itself: no web server (a worker
 * serves nothing, so it binds no port even with Spring MVC on the classpath) and kept alive until
 * it is stopped, its runs being on the server's own threads. Both are defaults only: {@code
 * spring.main.web-application-type} or {@code spring.main.keep-alive}, set anywhere, win (a worker
 * that serves Actuator's health on a port, say).
 */
public final class WorkerModeEnvironmentPostProcessor implements EnvironmentPostProcessor {
    /** The property source holding the worker's defaults, last in precedence. */
    static final String SOURCE = "switchboardWorkerDefaults";

    /** Creates the post-processor; Spring Boot does, from {@code META-INF/spring.factories}. */
    public WorkerModeEnvironmentPostProcessor() {}

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String mode = environment.getProperty("switchboard.server.mode", "web");
        if (!mode.trim().equalsIgnoreCase("worker")) {
            return;
        }
        Map<String, Object> defaults = new HashMap<>();
        defaults.put("spring.main.web-application-type", "none");
        defaults.put("spring.main.keep-alive", "true");
        environment.getPropertySources().addLast(new MapPropertySource(SOURCE, defaults));
    }
}
