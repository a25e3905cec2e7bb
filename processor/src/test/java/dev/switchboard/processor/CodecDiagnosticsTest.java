package dev.switchboard.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.generated;
import static dev.switchboard.processor.TestSources.record;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.model.StoredTypes.Reason;
import dev.switchboard.processor.validate.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code @Codec} makes a type the serde cannot read on its own storable: on the type's declaration
 * or, for a library type, on the state component that holds it. The channel map then registers one
 * instance of each codec; a class that is not a usable codec of the type is an error naming it.
 */
class CodecDiagnosticsTest {
    /** An open interface, as a library's message type would be: not storable by itself. */
    private static final JavaFileObject ANIMAL = record("Animal", "public interface Animal { String name(); }");

    private static final JavaFileObject ANIMAL_CODEC = record("AnimalCodec", """
            import dev.switchboard.runtime.serde.ValueCodec;
            import tools.jackson.databind.JsonNode;
            import tools.jackson.databind.node.JsonNodeFactory;

            public final class AnimalCodec implements ValueCodec<Animal> {
                @Override public Class<Animal> type() { return Animal.class; }
                @Override public JsonNode encode(Animal a, JsonNodeFactory nodes) { return nodes.stringNode(a.name()); }
                @Override public Animal decode(JsonNode node) { String n = node.asString(); return () -> n; }
            }
            """);

    @Test
    void codecOnAComponentStoresALibraryTypeAtAnyDepth() {
        JavaFileObject s = record("Zoo", """
                import dev.switchboard.annotation.Codec;
                public record Zoo(@Untracked String note, @Codec(AnimalCodec.class) List<Animal> animals) {}
                """);
        Compilation c = compile(ANIMAL, ANIMAL_CODEC, s);
        assertThat(c).succeededWithoutWarnings();
        assertThat(generated(c, "test.ZooChannels")).contains("List.of(new AnimalCodec())");
    }

    @Test
    void codecOnATypeDeclarationStoresItWhereverAStateHoldsIt() {
        JavaFileObject pet = record("Pet", """
                import dev.switchboard.annotation.Codec;
                @Codec(PetCodec.class)
                public final class Pet implements Animal {
                    private final String name;
                    public Pet(String name) { this.name = name; }
                    @Override public String name() { return name; }
                }
                """);
        JavaFileObject codec = record("PetCodec", """
                import dev.switchboard.runtime.serde.ValueCodec;
                import tools.jackson.databind.JsonNode;
                import tools.jackson.databind.node.JsonNodeFactory;

                public final class PetCodec implements ValueCodec<Pet> {
                    @Override public Class<Pet> type() { return Pet.class; }
                    @Override public JsonNode encode(Pet p, JsonNodeFactory nodes) { return nodes.stringNode(p.name()); }
                    @Override public Pet decode(JsonNode node) { return new Pet(node.asString()); }
                }
                """);
        JavaFileObject s =
                record("Home", "public record Home(@Untracked String note, java.util.Map<String, Pet> pets) {}");
        Compilation c = compile(ANIMAL, pet, codec, s);
        assertThat(c).succeededWithoutWarnings();
        assertThat(generated(c, "test.HomeChannels")).contains("List.of(new PetCodec())");
    }

    @Test
    void codecThatIsNotAValueCodecIsAnError() {
        JavaFileObject s = record("Zoo", """
                import dev.switchboard.annotation.Codec;
                public record Zoo(@Untracked String note, @Codec(String.class) Animal animal) {}
                """);
        Compilation c = compile(ANIMAL, s);
        assertThat(c).failed();
        assertError(
                c,
                Message.UNSTORABLE_TYPE.format("animal", "Zoo", "test.Animal", "", Reason.BAD_CODEC.text("String")),
                s,
                "Animal animal");
    }

    @Test
    void codecOfAnotherTypeOnATypeDeclarationIsAnError() {
        JavaFileObject pet = record("Pet", """
                import dev.switchboard.annotation.Codec;
                @Codec(AnimalCodec.class)
                public record Pet(String name) {}
                """);
        JavaFileObject s = record("Home", "public record Home(@Untracked String note, List<Pet> pets) {}");
        Compilation c = compile(ANIMAL, ANIMAL_CODEC, pet, s);
        assertThat(c).failed();
        assertError(
                c,
                Message.UNSTORABLE_TYPE.format(
                        "pets", "Home", "test.Pet", " (in List<test.Pet>)", Reason.BAD_CODEC.text("AnimalCodec")),
                s,
                "pets");
    }
}
