package dev.switchboard.processor;

import static com.google.testing.compile.Compiler.javac;
import static dev.switchboard.processor.TestSources.*;

import com.google.testing.compile.Compilation;
import dev.switchboard.annotation.Edge;
import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScratchTest {
    static void dump(String title, Compilation c) {
        System.out.println("=== " + title + " " + c.status());
        c.diagnostics()
                .forEach(d -> System.out.println(d.getKind() + " "
                        + (d.getSource() == null ? "-" : d.getSource().getName()) + " " + d.getLineNumber() + ":"
                        + d.getColumnNumber() + " " + d.getMessage(null)));
        if (c.status() == Compilation.Status.SUCCESS)
            c.generatedSourceFiles().forEach(f -> System.out.println("gen " + f.getName()));
    }

    @Test
    void scratch() throws Exception {
        var g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdat classify(Chat s) { return null; }
                }
                """);
        dump("typo", compile(CHAT, g));
        var bad = record("Chat", "public record Chat(@Reducer(Append.class) int turns) {}");
        var g2 = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                }
                """);
        dump("badrecord", compile(bad, g2));
        File annotations = new File(
                Edge.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        dump(
                "noruntime",
                javac().withProcessors(new SwitchboardProcessor())
                        .withClasspath(List.of(annotations))
                        .compile(CHAT, g2));
        var plain = record("Chat", "public record Chat(String topic) {}");
        dump(
                "noruntime-plain",
                javac().withProcessors(new SwitchboardProcessor())
                        .withClasspath(List.of(annotations))
                        .compile(plain, g2));
        var typo = record(
                "Chat", "public record Chat(@Reducer(Apend.class) List<String> xs, @Reducer(int.class) int n) {}");
        dump("impl-typo", compile(typo, g2));
        var g3 = graph("Support", """
                @Graph(input = Missing.class, privateState = {Gone.class})
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                }
                """);
        dump("graph-unresolved", compile(CHAT, g3));
        var bare = com.google.testing.compile.JavaFileObjects.forSourceString("test.Support", """
                package test;
                import dev.switchboard.annotation.Edge;
                import dev.switchboard.annotation.Node;
                class Support {
                    @Node
                    @Edge(from = "__start__")
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                }
                """);
        var bareChat = com.google.testing.compile.JavaFileObjects.forSourceString(
                "test.Chat", "package test; public record Chat(String topic) {}");
        dump(
                "noruntime-bare",
                javac().withProcessors(new SwitchboardProcessor())
                        .withClasspath(List.of(annotations))
                        .compile(bareChat, bare));
        var coll = record("ChatUpdate", "public class ChatUpdate {}");
        dump("collision", compile(CHAT, coll));
        var collg = graph("SupportGraph", "class SupportGraph {}");
        dump("collision-graph", compile(CHAT, g2, collg));
    }
}
