/**
 * The server's HTTP layer, independent of any HTTP server: a transport turns each request into an
 * {@link dev.switchboard.server.http.ApiRequest}, hands it to the server's {@link
 * dev.switchboard.server.http.ApiHandler} and writes the {@link
 * dev.switchboard.server.http.ApiResponse} back, streaming its body when it has one to stream
 * (SSE). The JDK's built-in server is the transport {@code SwitchboardServer.start()} uses; another
 * (a Spring MVC or WebFlux controller, a servlet) takes {@code SwitchboardServer.handler()} instead.
 * The request, response and handler types are API; the rest of the package ({@code Exchange},
 * {@code Router}, the JDK transport) is the server's own, public only for its other packages.
 */
package dev.switchboard.server.http;
