/**
 * Not API, and not SPI: helpers the runtime's own packages share (the server-facing schema of a
 * generated graph and updates built by component name). Types here are public only because
 * another runtime package uses them; no other module may import this package (generated code and
 * extension modules use {@link dev.switchboard.runtime.spi}), and they may change in any release.
 */
package dev.switchboard.runtime.internal;
