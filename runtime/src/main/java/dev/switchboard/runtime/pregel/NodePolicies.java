package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.cache.InMemoryNodeCache;
import dev.switchboard.runtime.cache.NodeCache;
import dev.switchboard.runtime.store.Store;
import java.time.Duration;
import java.util.Map;

/**
 * The retry, timeout and cache policy of each node of one compiled graph: the node's annotations,
 * overridden by the builder's per-node settings, with the builder's graph-wide retry policy for
 * nodes that have none.
 */
final class NodePolicies {
    final RetryPolicy[] retry;
    final Duration[] timeout;
    final Duration[] cacheTtl;
    /** The cache store, or null when no node is cached. */
    final NodeCache cache;

    /** Encodes cache keys and cached writes. */
    final Codecs codecs;
    /**
     * Starts every cache key: the generated class as well as the graph name, since graphs in
     * different packages may share a name and a cache store.
     */
    final String keyPrefix;
    /** The graph's run listeners, or null when it has none. */
    final Listeners listeners;
    /** The graph's long-term memory store, or null when it was built without one. */
    final Store store;

    NodePolicies(GraphSpec spec, GraphBuilder<?, ?> settings, Codecs codecs, String graphClass) {
        this.codecs = codecs;
        this.keyPrefix = graphClass + ":" + spec.name;
        this.listeners = Listeners.of(settings.listeners());
        this.store = settings.store().orElse(null);
        int n = spec.nodeNames.length;
        this.retry = spec.retry.clone();
        this.timeout = spec.timeout.clone();
        this.cacheTtl = spec.cacheTtl.clone();
        settings.retryPolicy().ifPresent(p -> {
            for (int i = 1; i < n; i++) {
                if (retry[i] == null) {
                    retry[i] = p;
                }
            }
        });
        apply(spec, settings.nodeRetryPolicies(), retry, "retryPolicy");
        apply(spec, settings.nodeTimeouts(), timeout, "timeout");
        apply(spec, settings.nodeCacheTtls(), cacheTtl, "cachePolicy");
        for (int i = 1; i < n; i++) {
            if (spec.subgraph[i] && (timeout[i] != null || cacheTtl[i] != null)) {
                throw new IllegalArgumentException("node '" + spec.nodeNames[i] + "' of graph '" + spec.name
                        + "' runs a subgraph, which can be neither timed out nor cached; set those on the"
                        + " subgraph's own nodes");
            }
        }
        boolean anyCached = false;
        for (Duration d : cacheTtl) {
            anyCached |= d != null;
        }
        this.cache = anyCached ? settings.cache().orElseGet(InMemoryNodeCache::new) : null;
    }

    private static <T> void apply(GraphSpec spec, Map<String, T> byName, T[] into, String setting) {
        byName.forEach((name, value) -> {
            Integer node = spec.nodeIndex.get(name);
            if (node == null || node == 0) {
                throw new IllegalArgumentException(UnknownNode.message(
                        setting + "(\"" + name + "\", ...): graph '" + spec.name + "' has", name, spec.nodes()));
            }
            into[node] = value;
        });
    }
}
