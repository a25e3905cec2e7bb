/**
 * LangGraph Server's HTTP API served from a Spring Boot application: the graph beans on the
 * application's port through Spring MVC or WebFlux, behind its security, on its data source, saver and store;
 * or a worker JVM that only runs the runs of the shared PostgreSQL queue. Everything is non-null
 * unless documented otherwise.
 */
package dev.switchboard.spring.boot.server;
