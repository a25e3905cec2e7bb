package dev.switchboard.spring.boot;

import dev.switchboard.micrometer.MicrometerListener;
import dev.switchboard.opentelemetry.OpenTelemetryListener;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.OpenTelemetry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Listener beans for the observability stack on the class path: a {@link MicrometerListener} when
 * {@code switchboard-micrometer} is present and the context has an {@link ObservationRegistry}
 * (Spring Boot's Actuator defines one), an {@link OpenTelemetryListener} when {@code
 * switchboard-opentelemetry} is present and the context has an {@link OpenTelemetry}. {@link
 * SwitchboardGraphs} adds every {@code RunListener} bean to the graphs it builds. {@code
 * switchboard.observability.enabled=false} turns both off.
 */
@AutoConfiguration(
        before = SwitchboardAutoConfiguration.class,
        afterName = {
            "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
            "org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration"
        })
@ConditionalOnProperty(name = "switchboard.observability.enabled", havingValue = "true", matchIfMissing = true)
public class SwitchboardObservabilityAutoConfiguration {

    /** Creates the auto-configuration; Spring Boot does. */
    public SwitchboardObservabilityAutoConfiguration() {}

    /** The Micrometer listener, when its module and a registry are there. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({MicrometerListener.class, ObservationRegistry.class})
    @ConditionalOnBean(ObservationRegistry.class)
    static class Micrometer {
        @Bean
        @ConditionalOnMissingBean
        MicrometerListener switchboardMicrometerListener(ObservationRegistry registry) {
            return new MicrometerListener(registry);
        }
    }

    /** The OpenTelemetry listener, when its module and an OpenTelemetry are there. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({OpenTelemetryListener.class, OpenTelemetry.class})
    @ConditionalOnBean(OpenTelemetry.class)
    static class Tracing {
        @Bean
        @ConditionalOnMissingBean
        OpenTelemetryListener switchboardOpenTelemetryListener(OpenTelemetry openTelemetry) {
            return OpenTelemetryListener.create(openTelemetry);
        }
    }
}
