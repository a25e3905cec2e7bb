package dev.switchboard.spring.boot;

import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Registers {@link SwitchboardHealthIndicator} when Spring Boot's health support is on the class
 * path and the context has a checkpoint saver; {@code management.health.switchboard.enabled=false}
 * turns it off.
 */
@AutoConfiguration(after = SwitchboardAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(CheckpointSaver.class)
@ConditionalOnEnabledHealthIndicator("switchboard")
public class SwitchboardHealthAutoConfiguration {

    /** Creates the auto-configuration; Spring Boot does. */
    public SwitchboardHealthAutoConfiguration() {}

    /**
     * The saver's health indicator.
     *
     * @param saver the context's checkpoint saver
     * @return the indicator, named {@code switchboard} after its bean
     */
    @Bean(name = "switchboardHealthIndicator")
    @ConditionalOnMissingBean(name = "switchboardHealthIndicator")
    public SwitchboardHealthIndicator switchboardHealthIndicator(CheckpointSaver saver) {
        return new SwitchboardHealthIndicator(saver);
    }
}
