package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.CHAT;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.graph;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.validate.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per graph-structure diagnostic: error count, text from the catalogue, file, line and,
 * where a name was written in an annotation, the column of that very value.
 */
class StructureDiagnosticsTest {
    private static String unknown(String where, String name, String nodes, String suggestion) {
        String didYouMean = suggestion == null ? "" : "; did you mean \"" + suggestion + "\"?";
        return Message.UNKNOWN_NODE.format(where, name, nodes, didYouMean);
    }

    @Test
    void unknownEdgeSourcePointsAtTheRightRepeatedEdge() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify") @Edge(from = "clasify")
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "genral") @Edge(from = "billing")
                    ChatUpdate wrapUp(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(
                c,
                unknown("@Edge(from = \"clasify\") on billing()", "clasify", "billing, classify, wrapUp", "classify"),
                g,
                "@Edge(from = \"clasify\")",
                "\"clasify\"");
        // No node is close enough to "genral" for a suggestion.
        assertError(
                c,
                unknown("@Edge(from = \"genral\") on wrapUp()", "genral", "billing, classify, wrapUp", null),
                g,
                "@Edge(from = \"genral\")",
                "\"genral\"");
    }

    @Test
    void unknownEdgeSourceOnASingleEdgeSuggestsTheClosestNode() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = START)
                    ChatUpdate general(Chat s) { return ChatUpdate.of(); }

                    @Node @Edge(from = "genral")
                    ChatUpdate wrapUp(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        // wrapUp's only way in names no node, so it is also unreachable.
        assertThat(c).hadErrorCount(2);
        assertError(
                c,
                unknown("@Edge(from = \"genral\") on wrapUp()", "genral", "classify, general, wrapUp", "general"),
                g,
                "@Edge(from = \"genral\")",
                "\"genral\"");
        assertError(c, Message.UNREACHABLE_NODE.format("wrapUp"), g, "@Node @Edge(from = \"genral\")", "@Node");
    }

    @Test
    void unknownJoinSourcePointsAtTheArrayElement() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = START)
                    ChatUpdate general(Chat s) { return ChatUpdate.of(); }

                    @Node @Join({"billing", "genral"})
                    ChatUpdate wrapUp(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(
                c,
                unknown("@Join on wrapUp()", "genral", "billing, general, wrapUp", "general"),
                g,
                "@Join",
                "\"genral\"");
        assertError(c, Message.UNREACHABLE_NODE.format("wrapUp"), g, "@Join", "@Node");
    }

    @Test
    void unknownRouteSourceAndTarget() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify")
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "clasify", to = {"billing", END})
                    String again(Chat s) { return END; }

                    @Route(from = "billing", to = {"classify", "biling"})
                    String byTopic(Chat s) { return "classify"; }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(
                c,
                unknown("@Route on again()", "clasify", "billing, classify", "classify"),
                g,
                "@Route(from = \"clasify\"",
                "\"clasify\"");
        assertError(
                c,
                unknown("@Route on byTopic()", "biling", "billing, classify", "billing"),
                g,
                "@Route(from = \"billing\"",
                "\"biling\"");
    }

    @Test
    void unknownCommandDestination() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node(destinations = {"billing", "biling"})
                    @Edge(from = START)
                    Command<ChatUpdate> classify(Chat s) { return Command.goTo("billing"); }

                    @Node
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                unknown("@Node(destinations) on classify()", "biling", "billing, classify", "billing"),
                g,
                "destinations",
                "\"biling\"");
    }

    @Test
    void duplicateNodeName() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }

                    @Node(name = "billing")
                    @Edge(from = START)
                    ChatUpdate billingAgain(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.DUPLICATE_NODE.format("billing", "billing", "billingAgain"),
                g,
                "@Node(name = \"billing\")",
                "\"billing\"");
    }

    @Test
    void reservedNodeNames() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node(name = START)
                    @Edge(from = "classify")
                    ChatUpdate begin(Chat s) { return ChatUpdate.of(); }

                    @Node(name = END)
                    @Edge(from = "classify")
                    ChatUpdate finish(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(c, Message.RESERVED_NODE_NAME.format("__start__"), g, "@Node(name = START)", "START");
        assertError(c, Message.RESERVED_NODE_NAME.format("__end__"), g, "@Node(name = END)", "END");
    }

    @Test
    void reservedCharactersInNodeNames() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node(name = "a:b")
                    @Edge(from = START)
                    ChatUpdate colon(Chat s) { return ChatUpdate.of(); }

                    @Node(name = "a|b")
                    @Edge(from = START)
                    ChatUpdate pipe(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(c, Message.RESERVED_CHARACTER.format("a:b", ":"), g, "\"a:b\"", "\"a:b\"");
        assertError(c, Message.RESERVED_CHARACTER.format("a|b", "|"), g, "\"a|b\"", "\"a|b\"");
    }

    @Test
    void nodeNamedLikeAChannel() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node @Edge(from = START)
                    ChatUpdate topic(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        // The name is implied by the method, so the caret is on @Node.
        assertError(c, Message.NODE_NAMED_LIKE_CHANNEL.format("topic"), g, "@Node @Edge(from = START)", "@Node");
    }

    @Test
    void edgeOrRouteFromEnd() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify") @Edge(from = END)
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }

                    @Route(from = END, to = "billing")
                    String again(Chat s) { return "billing"; }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(
                c,
                Message.EDGE_FROM_END.format("@Edge(from = \"__end__\") on billing()"),
                g,
                "@Edge(from = END)",
                "END");
        assertError(c, Message.EDGE_FROM_END.format("@Route on again()"), g, "@Route(from = END", "END");
    }

    @Test
    void routeOrDestinationToStart() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node(destinations = START)
                    @Edge(from = START)
                    Command<ChatUpdate> classify(Chat s) { return Command.goTo("billing"); }

                    @Node
                    @Edge(from = "classify")
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "billing", to = {"classify", START})
                    String again(Chat s) { return "classify"; }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(
                c,
                Message.TO_START.format("@Node(destinations) on classify()"),
                g,
                "@Node(destinations = START)",
                "START");
        assertError(c, Message.TO_START.format("@Route on again()"), g, "@Route(from = \"billing\"", "START");
    }

    @Test
    void joinOnAPseudoNode() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Join({START, "billing"})
                    ChatUpdate wrapUp(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(c, Message.JOIN_PSEUDO_NODE.format("wrapUp", "START"), g, "@Join", "START");
    }

    @Test
    void noEntryPoint() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify")
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(c, Message.NO_ENTRY_POINT.format("Support"), g, "class Support");
    }

    @Test
    void unreachableNode() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node ChatUpdate island(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(c, Message.UNREACHABLE_NODE.format("island"), g, "island(Chat s)", "@Node");
    }

    @Test
    void stringRouteWithoutTargets() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "classify")
                    String byTopic(Chat s) { return END; }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(c, Message.ROUTE_WITHOUT_TARGETS.format("byTopic"), g, "@Route", "@Route");
    }

    @Test
    void enumConstantThatNamesNoNode() {
        JavaFileObject g = graph("Support", """
                class Support {
                    enum Topic { billing, genral, END }

                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify")
                    ChatUpdate general(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "classify")
                    Topic byTopic(Chat s) { return Topic.END; }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.ENUM_CONSTANT_UNKNOWN.format(
                        "byTopic",
                        "genral",
                        "test.Support.Topic",
                        "billing, classify, general",
                        "; did you mean" + " \"general\"?"),
                g,
                "@Route",
                "@Route");
    }

    @Test
    void enumConstantMissingFromTo() {
        JavaFileObject g = graph("Support", """
                class Support {
                    enum Topic { billing, general }

                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify")
                    ChatUpdate general(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "classify", to = "billing")
                    Topic byTopic(Chat s) { return Topic.billing; }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.ENUM_CONSTANT_NOT_IN_TO.format("byTopic", "general", "test.Support.Topic", "[billing]"),
                g,
                "@Route",
                "@Route");
    }

    @Test
    void edgeAndJoinWithoutNode() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Edge(from = START) @Edge(from = "classify")
                    ChatUpdate helper(Chat s) { return ChatUpdate.of(); }

                    @Join({"classify"})
                    ChatUpdate other(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(3);
        String edge = Message.EDGE_WITHOUT_NODE.format("Edge", "helper");
        assertError(c, edge, g, "@Edge(from = START) @Edge(from = \"classify\")", "@Edge(from = START)");
        assertError(c, edge, g, "@Edge(from = START) @Edge(from = \"classify\")", "@Edge(from = \"classify\")");
        assertError(c, Message.EDGE_WITHOUT_NODE.format("Join", "other"), g, "@Join", "@Join");
    }

    @Test
    void routeOnANode() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    @Route(from = "classify", to = END)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(c, Message.ROUTE_ON_NODE.format("classify"), g, "@Route", "@Route");
    }

    /** Rules of every kind run over the whole graph; none stops at its first finding. */
    @Test
    void everyErrorOfAGraphIsReported() {
        JavaFileObject g = graph("Support", """
                @Graph(output = String.class)
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify") @Edge(from = "clasify")
                    private ChatUpdate billing(Chat s, String account) { return ChatUpdate.of(); }

                    @Node(name = "a:b") @Edge(from = "billing")
                    ChatUpdate odd(Chat s) { return ChatUpdate.of(); }

                    @Node ChatUpdate island(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "billing", to = {"classify", START})
                    int again(Chat s) { return 0; }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(8);
        assertError(
                c,
                Message.GRAPH_MEMBER_NOT_RECORD.format("output = String.class", "String", "Chat"),
                g,
                "@Graph(output = String.class)");
        assertError(
                c, Message.PRIVATE_METHOD.format("node", "billing", "SupportGraph"), g, "private ChatUpdate billing");
        assertError(
                c,
                Message.NODE_EXTRA_PARAMETER.format("billing", "account", "String"),
                g,
                "private ChatUpdate billing");
        assertError(
                c,
                unknown(
                        "@Edge(from = \"clasify\") on billing()",
                        "clasify",
                        "a:b, billing, classify, island",
                        "classify"),
                g,
                "@Edge(from = \"clasify\")",
                "\"clasify\"");
        assertError(c, Message.RESERVED_CHARACTER.format("a:b", ":"), g, "\"a:b\"", "\"a:b\"");
        assertError(c, Message.UNREACHABLE_NODE.format("island"), g, "island(Chat s)", "@Node");
        assertError(c, Message.ROUTE_RETURN.format("again", "int"), g, "int again(");
        assertError(c, Message.TO_START.format("@Route on again()"), g, "@Route(from = \"billing\"", "START");
    }
}
