package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.record;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.validate.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per state-record diagnostic: error count, text from the catalogue, file and line. javac
 * keeps no position for a record component's annotations, so these point at the component's name.
 */
class StateDiagnosticsTest {
    @Test
    void conflictingChannelAnnotations() {
        JavaFileObject s = record("Chat", """
                public record Chat(
                        @Reducer(Append.class) @Untracked List<String> messages,
                        String topic) {}
                """);
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.CONFLICTING_CHANNEL_ANNOTATIONS.format("Untracked", "messages", "Reducer"),
                s,
                "@Untracked List<String> messages",
                "messages");
    }

    @Test
    void reducerThatIsNotAReducer() {
        JavaFileObject s = record("Chat", "public record Chat(@Reducer(String.class) String topic) {}");
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.REDUCER_NOT_A_REDUCER.format("String", "topic", "String", "String"),
                s,
                "@Reducer(String.class)");
    }

    @Test
    void reducerThatIsAPrimitiveType() {
        JavaFileObject s = record("Chat", "public record Chat(@Reducer(int.class) int turns) {}");
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(c, Message.REDUCER_NOT_A_REDUCER.format("int", "turns", "int", "Integer"), s, "int turns");
    }

    @Test
    void reducerOfTheWrongType() {
        JavaFileObject s = record("Chat", "public record Chat(@Reducer(Append.class) int turns) {}");
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.REDUCER_WRONG_TYPE.format("Append", "turns", "Append", "List<E>", "int", "Integer"),
                s,
                "@Reducer(Append.class) int turns");
    }

    @Test
    void managedThatIsNotManaged() {
        JavaFileObject s = record("Chat", "public record Chat(String topic, @Managed(String.class) int left) {}");
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.MANAGED_NOT_MANAGED.format("String", "left", "String", "Integer"),
                s,
                "@Managed(String.class)");
    }

    @Test
    void managedOfTheWrongType() {
        JavaFileObject s =
                record("Chat", "public record Chat(String topic, @Managed(RemainingSteps.class) String left) {}");
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.MANAGED_WRONG_TYPE.format(
                        "RemainingSteps", "left", "RemainingSteps", "Integer", "String", "Integer"),
                s,
                "@Managed(RemainingSteps.class)");
    }

    @Test
    void reducerWithoutNoArgumentConstructor() {
        JavaFileObject concat = record("Concat", """
                public final class Concat implements dev.switchboard.runtime.reducer.ReduceFunction<String> {
                    private final String separator;

                    public Concat(String separator) {
                        this.separator = separator;
                    }

                    @Override
                    public String reduce(String current, String update) {
                        return current + separator + update;
                    }
                }
                """);
        JavaFileObject s = record("Chat", "public record Chat(@Reducer(Concat.class) String text) {}");
        Compilation c = compile(s, concat);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.IMPL_NOT_INSTANTIABLE.format(
                        "Reducer", "Concat", "text", "Concat", "has no no-argument constructor"),
                s,
                "@Reducer(Concat.class)");
    }

    @Test
    void abstractManagedValue() {
        JavaFileObject steps = record("Steps", """
                public abstract class Steps implements dev.switchboard.runtime.managed.ManagedValue<Integer> {}
                """);
        JavaFileObject s = record("Chat", "public record Chat(String topic, @Managed(Steps.class) int left) {}");
        Compilation c = compile(s, steps);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.IMPL_NOT_INSTANTIABLE.format("Managed", "Steps", "left", "Steps", "is abstract"),
                s,
                "@Managed(Steps.class)");
    }

    @Test
    void topicThatIsNotAList() {
        JavaFileObject s = record("Chat", "public record Chat(@Channel(ChannelKind.TOPIC) String events) {}");
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(c, Message.TOPIC_NOT_LIST.format("events", "String"), s, "@Channel(ChannelKind.TOPIC)");
    }

    @Test
    void genericRecord() {
        JavaFileObject s = record("Chat", "public record Chat<T>(@Untracked T trace, String topic) {}");
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(c, Message.GENERIC_RECORD.format("Chat"), s, "public record Chat<T>");
    }

    @Test
    void privateRecord() {
        JavaFileObject s = record("Outer", """
                public class Outer {
                    private record Chat(@Untracked String trace, String topic) {}
                }
                """);
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(c, Message.PRIVATE_RECORD.format("test.Outer.Chat"), s, "private record Chat");
    }

    @Test
    void everyErrorOfARecordIsReported() {
        JavaFileObject s = record("Chat", """
                public record Chat(
                        @Reducer(Append.class) int turns,
                        @Channel(ChannelKind.TOPIC) String events,
                        @Managed(String.class) int left) {}
                """);
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(3);
        assertError(
                c,
                Message.REDUCER_WRONG_TYPE.format("Append", "turns", "Append", "List<E>", "int", "Integer"),
                s,
                "int turns");
        assertError(c, Message.TOPIC_NOT_LIST.format("events", "String"), s, "String events");
        assertError(c, Message.MANAGED_NOT_MANAGED.format("String", "left", "String", "Integer"), s, "int left");
    }
}
