/**
 * Authorization handlers, LangGraph's model in typed Java: {@link
 * dev.switchboard.server.auth.Authorization} maps a resource and an action to a handler that
 * allows, denies or narrows a request to the rows whose metadata a filter matches.
 */
package dev.switchboard.server.auth;
