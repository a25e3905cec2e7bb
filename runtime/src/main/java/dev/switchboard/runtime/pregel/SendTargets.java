package dev.switchboard.runtime.pregel;

import java.util.Map;

/**
 * A graph's node numbers by name for {@code Send}s, remembering the last name looked up: a fan-out
 * sends many payloads to one node, whose name is then the same string each time, so a reference
 * comparison replaces a hash lookup per send. Shared by the graph's runs and threads; the
 * remembered pair is one immutable object, so a racy read sees a whole pair or none.
 */
final class SendTargets {
    private record Hit(String name, int node) {}

    private final Map<String, Integer> index;
    private Hit last;

    SendTargets(Map<String, Integer> index) {
        this.index = index;
    }

    /** The node named {@code name}, or -1 if the graph has none. */
    int find(String name) {
        Hit hit = last;
        if (hit != null && hit.name == name) {
            return hit.node;
        }
        Integer n = index.get(name);
        if (n == null) {
            return -1;
        }
        last = new Hit(name, n);
        return n;
    }
}
