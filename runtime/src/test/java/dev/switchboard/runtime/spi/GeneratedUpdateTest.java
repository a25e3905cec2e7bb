package dev.switchboard.runtime.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.runtime.StateUpdate;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/** The runtime reads updates through the internal interface; users see only names and values. */
class GeneratedUpdateTest {
    /** Shaped like a generated update of {@link GraphDefinitionTest.Doc}. */
    static final class DocUpdate extends StateUpdate implements GeneratedUpdate {
        private final String text;

        DocUpdate(String text) {
            this.text = text;
        }

        @Override
        public StateSchema<?> schema() {
            return GraphDefinitionTest.DOC;
        }

        @Override
        public void writeTo(WriteSink sink) {
            sink.write(0, text);
        }

        @Override
        protected void ownWrites(BiConsumer<String, Object> sink) {
            GeneratedUpdate.writesByName(this, sink);
        }
    }

    /** A subclass the processor did not generate. */
    static final class HandWritten extends StateUpdate {
        @Override
        protected void ownWrites(BiConsumer<String, Object> sink) {}
    }

    @Test
    void partsAreTheUpdateAndWhatItCarriesInOrder() {
        DocUpdate first = new DocUpdate("a");
        DocUpdate second = new DocUpdate("b");
        DocUpdate third = new DocUpdate("c");
        first.also(second).also(third);
        assertEquals(List.of(first, second, third), first.chain());
        assertEquals(List.of(first, second, third), GeneratedUpdate.parts(first));
        assertEquals(List.of(third), third.chain());
    }

    @Test
    void writesAreNamedByTheSchemasComponents() {
        assertEquals(Map.of("text", "a"), new DocUpdate("a").writes());
    }

    @Test
    void aHandWrittenUpdateIsRejectedWithTheFix() {
        StateUpdate update = new DocUpdate("a").also(new HandWritten());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> GeneratedUpdate.parts(update));
        assertEquals(
                HandWritten.class.getName() + " extends StateUpdate by hand; return the XxxUpdate the Switchboard"
                        + " processor generates for the state record instead",
                e.getMessage());
    }
}
