/**
 * Node result caching for {@code @Cache} nodes: the {@link dev.switchboard.runtime.cache.NodeCache}
 * store SPI and the in-memory store.
 */
package dev.switchboard.runtime.cache;
