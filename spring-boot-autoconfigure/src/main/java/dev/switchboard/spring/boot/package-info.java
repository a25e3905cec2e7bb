/**
 * Spring Boot auto-configuration for Switchboard: the checkpoint saver from the application's data
 * source, {@code switchboard.*} properties, {@link dev.switchboard.spring.boot.SwitchboardGraphs} to
 * build generated graphs as beans, and an Actuator health indicator.
 */
package dev.switchboard.spring.boot;
