package dev.switchboard.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.generated;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.model.StoredTypes.Reason;
import dev.switchboard.processor.validate.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Storability is decided at compile time: one test per kind of type a checkpoint cannot read back,
 * each naming the fix, and the positive twin with sealed records at every depth.
 */
class StorageDiagnosticsTest {
    private static final JavaFileObject SHAPE =
            record("Shape", "public sealed interface Shape permits Circle, Square {}");
    private static final JavaFileObject CIRCLE = record("Circle", "public record Circle(double r) implements Shape {}");
    private static final JavaFileObject SQUARE = record("Square", "public record Square(double s) implements Shape {}");

    /** Each Chat has an untracked note, so the processor knows it as a state record with no graph. */
    private static Compilation failsOnce(JavaFileObject... sources) {
        Compilation c = compile(sources);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        return c;
    }

    @Test
    void threadIsAJdkTypeWithNoStoredForm() {
        JavaFileObject s = record("Chat", "public record Chat(@Untracked String note, String topic, Thread worker) {}");
        assertError(
                failsOnce(s),
                Message.UNSTORABLE_TYPE.format("worker", "Chat", "Thread", "", Reason.JDK_TYPE.text()),
                s,
                "Thread worker");
    }

    @Test
    void streamInAListIsFoundThroughTheTypeArgument() {
        JavaFileObject s = record(
                "Chat", "public record Chat(@Untracked String note, List<java.util.stream.Stream<String>> parts) {}");
        assertError(
                failsOnce(s),
                Message.UNSTORABLE_TYPE.format(
                        "parts",
                        "Chat",
                        "java.util.stream.Stream<String>",
                        " (in List<java.util.stream.Stream<String>>)",
                        Reason.JDK_TYPE.text()),
                s,
                "parts");
    }

    @Test
    void inputStreamInARecordComponentIsFoundThroughTheRecord() {
        JavaFileObject job = record("Job", "public record Job(String id, java.io.InputStream body) {}");
        JavaFileObject s =
                record("Chat", "public record Chat(@Untracked String note, java.util.Map<String, Job> jobs) {}");
        assertError(
                failsOnce(job, s),
                Message.UNSTORABLE_TYPE.format(
                        "jobs", "Chat", "java.io.InputStream", " (in test.Job)", Reason.JDK_TYPE.text()),
                s,
                "jobs");
    }

    @Test
    void interfaceThatIsNotSealed() {
        JavaFileObject open = record("Animal", "public interface Animal {}");
        JavaFileObject s =
                record("Chat", "public record Chat(@Untracked String note, java.util.Optional<Animal> pet) {}");
        assertError(
                failsOnce(open, s),
                Message.UNSTORABLE_TYPE.format(
                        "pet", "Chat", "test.Animal", " (in Optional<test.Animal>)", Reason.OPEN_INTERFACE.text()),
                s,
                "pet");
    }

    @Test
    void abstractClass() {
        JavaFileObject base = record("Base", "public abstract class Base {}");
        JavaFileObject s = record("Chat", "public record Chat(@Untracked String note, Base base) {}");
        assertError(
                failsOnce(base, s),
                Message.UNSTORABLE_TYPE.format("base", "Chat", "test.Base", "", Reason.ABSTRACT_CLASS.text()),
                s,
                "Base base");
    }

    @Test
    void classWithoutACreator() {
        JavaFileObject money = record("Money", "public class Money { public Money(long cents) {} }");
        JavaFileObject s = record("Chat", "public record Chat(@Untracked String note, Money price) {}");
        assertError(
                failsOnce(money, s),
                Message.UNSTORABLE_TYPE.format("price", "Chat", "test.Money", "", Reason.NO_CREATOR.text()),
                s,
                "Money price");
    }

    @Test
    void sealedInterfacePermittingAClassThatIsNoRecord() {
        JavaFileObject shape = record("Shape", "public sealed interface Shape permits Circle, Blob {}");
        JavaFileObject blob = record("Blob", "public final class Blob implements Shape {}");
        JavaFileObject s = record("Chat", "public record Chat(@Untracked String note, Shape shape) {}");
        assertError(
                failsOnce(shape, CIRCLE, blob, s),
                Message.UNSTORABLE_TYPE.format(
                        "shape", "Chat", "test.Shape", "", Reason.SEALED_NOT_RECORD.text("Blob")),
                s,
                "Shape shape");
    }

    @Test
    void mapKeyWithoutAStringForm() {
        JavaFileObject point = record("Point", "public record Point(int x, int y) {}");
        JavaFileObject s =
                record("Chat", "public record Chat(@Untracked String note, java.util.Map<Point, String> labels) {}");
        assertError(
                failsOnce(point, s),
                Message.UNSTORABLE_TYPE.format(
                        "labels", "Chat", "test.Point", " (in Map<test.Point,String>)", Reason.MAP_KEY.text()),
                s,
                "labels");
    }

    @Test
    void twoRecordsOfASealedInterfaceWithOneTag() {
        JavaFileObject circle = record("Circle", """
                @dev.switchboard.annotation.Tag("Square")
                public record Circle(double r) implements Shape {}
                """);
        JavaFileObject s = record("Chat", "public record Chat(@Untracked String note, List<Shape> shapes) {}");
        assertError(
                failsOnce(SHAPE, circle, SQUARE, s),
                Message.DUPLICATE_TAG.format("shapes", "Chat", "Shape", "Circle", "Square", "Square"),
                s,
                "shapes");
    }

    @Test
    void anAliasIsATagToo() {
        JavaFileObject circle = record("Circle", """
                @dev.switchboard.annotation.Tag(value = "C", aliases = {"C", "Square"})
                public record Circle(double r) implements Shape {}
                """);
        JavaFileObject s = record("Chat", "public record Chat(@Untracked String note, List<Shape> shapes) {}");
        assertError(
                failsOnce(SHAPE, circle, SQUARE, s),
                Message.DUPLICATE_TAG.format("shapes", "Chat", "Shape", "Circle", "Square", "Square"),
                s,
                "shapes");
    }

    @Test
    void sendPayloadThatCannotBeStored() {
        JavaFileObject g = graph("Fan", """
                class Fan {
                    @Node
                    @Edge(from = START)
                    ChatUpdate plan(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "plan", to = "work")
                    Send<Thread> spread(Chat s) { return Send.to("work", Thread.currentThread()); }

                    @Node
                    ChatUpdate work(Thread worker) { return ChatUpdate.of(); }
                }
                """);
        assertError(
                failsOnce(TestSources.CHAT, g),
                Message.UNSTORABLE_PAYLOAD.format("work", "Thread", "", Reason.JDK_TYPE.text()),
                g,
                "ChatUpdate work(Thread worker)");
    }

    /** Twin: a sealed payload compiles, and the graph declares its tag table for pending sends. */
    @Test
    void sealedSendPayloadGetsATagTableInTheGraph() {
        JavaFileObject g = graph("Fan", """
                class Fan {
                    @Node
                    @Edge(from = START)
                    ChatUpdate plan(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "plan", to = "work")
                    Send<Shape> spread(Chat s) { return Send.to("work", new Circle(1)); }

                    @Node
                    ChatUpdate work(Shape shape) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(SHAPE, CIRCLE, SQUARE, TestSources.CHAT, g);
        assertThat(c).succeededWithoutWarnings();
        assertThat(generated(c, "test.FanGraph")).contains(".sealedType(SealedType.of(Shape.class)\n");
    }

    /** Twin: what is never stored is not checked, and sealed records at any depth get a tag table. */
    @Test
    void sealedRecordsAnywhereAndUntrackedThreadsCompile() {
        JavaFileObject square = record("Square", """
                @dev.switchboard.annotation.Tag("Box")
                public record Square(double s) implements Shape {}
                """);
        JavaFileObject s = record("Chat", """
                public record Chat(
                        Shape main,
                        @Reducer(Append.class) List<Shape> all,
                        java.util.Map<String, java.util.Optional<Shape>> named,
                        java.time.Instant at,
                        @Untracked Thread worker) {}
                """);
        Compilation c = compile(SHAPE, CIRCLE, square, s);
        assertThat(c).succeededWithoutWarnings();
        assertThat(generated(c, "test.ChatChannels"))
                .contains("SealedType.of(Shape.class)\n"
                        + "                .with(\"Circle\", Circle.class)\n"
                        + "                .with(\"Box\", Square.class));");
    }
}
