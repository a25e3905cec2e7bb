package dev.switchboard.tests.diagrams;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Join;
import dev.switchboard.annotation.Node;
import org.junit.jupiter.api.Test;

record Note(String text) {}

/** c runs after either a or b: two edges. */
class AnyOf {
    @Node
    @Edge(from = START)
    NoteUpdate a(Note n) {
        return NoteUpdate.of();
    }

    @Node
    @Edge(from = START)
    NoteUpdate b(Note n) {
        return NoteUpdate.of();
    }

    @Node
    @Edge(from = "a")
    @Edge(from = "b")
    NoteUpdate c(Note n) {
        return NoteUpdate.of();
    }
}

/** c runs once after both a and b: a join. */
class AllOf {
    @Node
    @Edge(from = START)
    NoteUpdate a(Note n) {
        return NoteUpdate.of();
    }

    @Node
    @Edge(from = START)
    NoteUpdate b(Note n) {
        return NoteUpdate.of();
    }

    @Node
    @Join({"a", "b"})
    NoteUpdate c(Note n) {
        return NoteUpdate.of();
    }
}

/** The innermost graph: g1, then g2. */
class Inner {
    @Node
    @Edge(from = START)
    NoteUpdate g1(Note n) {
        return NoteUpdate.of();
    }

    @Node
    @Edge(from = "g1")
    NoteUpdate g2(Note n) {
        return NoteUpdate.of();
    }
}

/** The middle graph: m1, then the inner graph as node "inner". */
class Middle {
    @Node
    @Edge(from = START)
    NoteUpdate m1(Note n) {
        return NoteUpdate.of();
    }

    @Node
    @Edge(from = "m1")
    InnerGraph inner() {
        return InnerGraph.builder(new Inner()).build();
    }
}

/** The outer graph: p1, the middle graph as node "middle", then p2. */
class Outer {
    @Node
    @Edge(from = START)
    NoteUpdate p1(Note n) {
        return NoteUpdate.of();
    }

    @Node
    @Edge(from = "p1")
    MiddleGraph middle() {
        return MiddleGraph.builder(new Middle()).build();
    }

    @Node
    @Edge(from = "middle")
    NoteUpdate p2(Note n) {
        return NoteUpdate.of();
    }
}

/** The Mermaid text of generated graphs: joins versus edges, and the x-ray view of subgraphs. */
class MermaidTest {
    private static final String HEADER = "---\nconfig:\n  flowchart:\n    curve: linear\n---\ngraph TD;\n"
            + "\t__start__([<p>__start__</p>]):::first\n";
    private static final String CLASSES = "\tclassDef default fill:#f2f0ff,line-height:1.2\n"
            + "\tclassDef first fill-opacity:0\n"
            + "\tclassDef last fill:#bfb6fc\n";

    @Test
    void twoEdgesAreTwoArrowsIntoTheNode() {
        String expected = HEADER
                + "\ta(a)\n\tb(b)\n\tc(c)\n"
                + "\t__end__([<p>__end__</p>]):::last\n"
                + "\t__start__ --> a;\n\t__start__ --> b;\n\ta --> c;\n\tb --> c;\n\tc --> __end__;\n"
                + CLASSES;
        assertEquals(expected, AnyOfGraph.builder(new AnyOf()).build().mermaid());
    }

    @Test
    void aJoinIsDrawnAsABarrierNodeTheWaitingNodeFollows() {
        String barrier = "join\\3aa\\2bb\\3ac";
        String expected = HEADER
                + "\ta(a)\n\tb(b)\n\tc(c)\n"
                + "\t" + barrier + "((join)):::join\n"
                + "\t__end__([<p>__end__</p>]):::last\n"
                + "\t__start__ --> a;\n\t__start__ --> b;\n"
                + "\ta --> " + barrier + ";\n\tb --> " + barrier + ";\n\t" + barrier + " --> c;\n"
                + "\tc --> __end__;\n"
                + CLASSES
                + "\tclassDef join fill:#ffffff,stroke-dasharray:3 3\n";
        assertEquals(expected, AllOfGraph.builder(new AllOf()).build().mermaid());
    }

    @Test
    void withoutXraySubgraphNodesArePlainNodes() {
        OuterGraph outer = OuterGraph.builder(new Outer()).build();
        String expected = HEADER
                + "\tp1(p1)\n\tmiddle(middle)\n\tp2(p2)\n"
                + "\t__end__([<p>__end__</p>]):::last\n"
                + "\t__start__ --> p1;\n\tp1 --> middle;\n\tmiddle --> p2;\n\tp2 --> __end__;\n"
                + CLASSES;
        assertEquals(expected, outer.mermaid());
        assertEquals(expected, outer.mermaid(false));
    }

    @Test
    void xrayDrawsEachSubgraphInsideItsNodeAtEveryDepth() {
        String m1 = "middle\\3am1";
        String g1 = "middle\\3ainner\\3ag1";
        String g2 = "middle\\3ainner\\3ag2";
        String expected = HEADER
                + "\tp1(p1)\n"
                + "\tsubgraph middle [middle]\n"
                + "\t" + m1 + "(m1)\n"
                + "\tsubgraph middle\\3ainner [inner]\n"
                + "\t" + g1 + "(g1)\n"
                + "\t" + g2 + "(g2)\n"
                + "\tend\n"
                + "\tend\n"
                + "\tp2(p2)\n"
                + "\t__end__([<p>__end__</p>]):::last\n"
                + "\t__start__ --> p1;\n"
                + "\tp1 --> " + m1 + ";\n"
                + "\t" + g2 + " --> p2;\n"
                + "\tp2 --> __end__;\n"
                + "\t" + m1 + " --> " + g1 + ";\n"
                + "\t" + g1 + " --> " + g2 + ";\n"
                + CLASSES;
        assertEquals(expected, OuterGraph.builder(new Outer()).build().mermaid(true));
    }

    @Test
    void aGraphWithoutSubgraphsLooksTheSameWithXray() {
        AllOfGraph graph = AllOfGraph.builder(new AllOf()).build();
        assertEquals(graph.mermaid(), graph.mermaid(true));
    }
}
