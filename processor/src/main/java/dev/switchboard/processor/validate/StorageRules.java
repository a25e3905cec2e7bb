package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.NodeInput;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.StateModel;
import dev.switchboard.processor.model.StoredTypes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks at compile time that every checkpointed component reads back from its stored form, so a
 * run never "succeeds" into a thread that the next {@code getState} cannot read. Untracked and
 * managed components are never stored and are not checked.
 */
public final class StorageRules {
    private final StoredTypes stored;

    public StorageRules(StoredTypes stored) {
        this.stored = stored;
    }

    public void check(StateModel state, Report report) {
        for (ComponentModel c : state.components()) {
            if (c.kind() == ComponentModel.Kind.UNTRACKED || c.isManaged()) {
                continue;
            }
            StoredTypes.Findings f = stored.walk(c);
            for (StoredTypes.Problem p : f.problems()) {
                report.error(
                        Message.UNSTORABLE_TYPE,
                        c.element(),
                        c.name(),
                        state.simpleName(),
                        Strings.type(p.type()),
                        p.in() == null ? "" : " (in " + Strings.type(p.in()) + ")",
                        p.reason().text(p.detail()));
            }
            f.sealed().forEach(s -> checkTags(state, c, s, report));
        }
    }

    /** Send payloads are stored with a checkpoint's pending tasks, so they must read back too. */
    public void checkPayloads(GraphModel graph, Report report) {
        for (NodeModel n : graph.nodes()) {
            if (n.input().kind() != NodeInput.Kind.PAYLOAD || n.input().type() == null) {
                continue;
            }
            for (StoredTypes.Problem p : stored.walk(n.input().type()).problems()) {
                report.error(
                        Message.UNSTORABLE_PAYLOAD,
                        n.params().get(0),
                        n.method().getSimpleName(),
                        Strings.type(p.type()),
                        p.in() == null ? "" : " (in " + Strings.type(p.in()) + ")",
                        p.reason().text(p.detail()));
            }
        }
    }

    private static void checkTags(StateModel state, ComponentModel c, StoredTypes.Sealed s, Report report) {
        Map<String, StoredTypes.Variant> byTag = new HashMap<>();
        for (StoredTypes.Variant v : s.variants()) {
            List<String> tags = new ArrayList<>(List.of(v.tag()));
            tags.addAll(StoredTypes.tagAliases(v.record())); // aliases are read as tags, so they are unique too
            for (String tag : tags) {
                StoredTypes.Variant first = byTag.putIfAbsent(tag, v);
                if (first != null && !first.record().equals(v.record())) {
                    report.error(
                            Message.DUPLICATE_TAG,
                            c.element(),
                            c.name(),
                            state.simpleName(),
                            s.base().getSimpleName(),
                            first.record().getSimpleName(),
                            v.record().getSimpleName(),
                            tag);
                }
            }
        }
    }
}
