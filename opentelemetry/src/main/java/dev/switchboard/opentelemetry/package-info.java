/**
 * OpenTelemetry tracing for Switchboard: {@link dev.switchboard.opentelemetry.OpenTelemetryListener}
 * turns runs and tasks into spans following the GenAI semantic conventions, and {@link
 * dev.switchboard.opentelemetry.OpenTelemetryChatModelListener} turns LangChain4j model calls into
 * {@code chat} spans with token usage.
 */
package dev.switchboard.opentelemetry;
