package dev.switchboard.bench.loop;

import org.openjdk.jmh.annotations.CompilerControl;

/**
 * W3 by hand: call the agent, merge its write, ask the route, repeat. The agent is a real call the
 * JIT may not inline ({@link CompilerControl.Mode#DONT_INLINE}), as a node body is to any runtime:
 * inlined, the loop compiles to an increment and a compare (under 1 ns a round, no allocation),
 * which measures the JIT rather than the cost of calling a node. This is the "non-inlined
 * loop"; the route stays an inlined compare.
 */
public final class LoopHandWritten {
    private LoopHandWritten() {}

    /** What the agent returns: the component it writes. */
    record Delta(int counter) {}

    /**
     * The agent: reads the state, returns its write. Not inlined, so its argument and result exist
     * as objects, as a node's input and update do.
     *
     * @param s the state
     * @return its write
     */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    static Delta agent(Counter s) {
        return new Delta(LoopWork.next(s.counter()));
    }

    /**
     * Runs the loop.
     *
     * @return the final state
     */
    public static Counter run() {
        Counter state = new Counter(0);
        do {
            state = new Counter(agent(state).counter());
        } while (LoopWork.again(state.counter()));
        return state;
    }
}
