package dev.switchboard.runtime.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.serde.ValueType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The builder generated code declares graphs with: named settings, and numbers it checks. */
class GraphDefinitionTest {
    record Doc(String text) {}

    static final StateSchema<Doc> DOC = new StateSchema<>() {
        @Override
        public Class<Doc> recordType() {
            return Doc.class;
        }

        @Override
        public List<ComponentSpec> components() {
            return List.of(ComponentSpec.channel(ChannelSpec.lastValue("text", ValueType.of(String.class))));
        }

        @Override
        public Doc read(ValueSource values) {
            return new Doc((String) values.value(0));
        }
    };

    static final ValueType PAYLOAD = ValueType.of(Doc.class);

    @Test
    void nodeSettingsApplyToTheNodeDeclaredLast() {
        GraphDefinition d = GraphDefinition.builder("g", DOC)
                .node(1, "draft", PAYLOAD)
                .reads(DOC)
                .node(2, "review", PAYLOAD)
                .deferred()
                .build();
        assertEquals(
                List.of(
                        new GraphDefinition.Node("draft", DOC, PAYLOAD, false),
                        new GraphDefinition.Node("review", null, PAYLOAD, true)),
                d.nodes());
    }

    @Test
    void routeSettingsApplyToTheRouteDeclaredLast() {
        GraphDefinition d = GraphDefinition.builder("g", DOC)
                .node(1, "draft", PAYLOAD)
                .route(0, "next", "draft")
                .to("draft", "__end__")
                .route(1, "byKind", "draft")
                .to("draft")
                .enumTargets("draft", "__end__")
                .build();
        GraphDefinition.Route plain = d.routes().get(0);
        assertEquals(List.of("draft", "__end__"), plain.to());
        assertNull(plain.enumTargets());
        assertEquals(List.of("draft", "__end__"), d.routes().get(1).enumTargets());
    }

    @Test
    void aNodeNumberOtherThanItsPositionIsRejected() {
        GraphDefinitionBuilder b = GraphDefinition.builder("g", DOC).node(1, "draft", PAYLOAD);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> b.node(3, "review", PAYLOAD));
        assertEquals(
                "generated graph is inconsistent (node 'review' is declared as #3 at position #2); recompile"
                        + " with the switchboard-processor of the same version as switchboard-runtime",
                e.getMessage());
    }

    @Test
    void aRouteNumberOtherThanItsPositionIsRejected() {
        GraphDefinitionBuilder b = GraphDefinition.builder("g", DOC).node(1, "draft", PAYLOAD);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> b.route(1, "next", "draft"));
        assertTrue(e.getMessage().contains("route 'next' is declared as #1 at position #0"), e.getMessage());
    }

    @Test
    void aSettingBeforeAnyNodeOrRouteIsRejected() {
        GraphDefinitionBuilder b = GraphDefinition.builder("g", DOC);
        assertTrue(assertThrows(IllegalStateException.class, b::deferred)
                .getMessage()
                .contains("deferred before any node"));
        assertTrue(assertThrows(IllegalStateException.class, () -> b.to("x"))
                .getMessage()
                .contains("to before any route"));
    }

    @Test
    void theResolvedFormIsComputedOnce() {
        GraphDefinition d = GraphDefinition.builder("g", DOC).build();
        int[] calls = {0};
        Object first = d.compiled(x -> ++calls[0]);
        Object second = d.compiled(x -> ++calls[0]);
        assertEquals(1, first);
        assertEquals(1, second);
        assertEquals(1, calls[0]);
    }
}
