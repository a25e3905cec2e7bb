package dev.switchboard.bench.loop;

/** W3 by hand: call the agent, merge its write, ask the route, repeat. */
public final class LoopHandWritten {
    private LoopHandWritten() {}

    /** What the agent returns: the component it writes. */
    record Delta(int counter) {}

    /** The agent: reads the state, returns its write. */
    @FunctionalInterface
    interface Step {
        Delta apply(Counter state);
    }

    private static final Step AGENT = s -> new Delta(LoopWork.next(s.counter()));

    /**
     * Runs the loop.
     *
     * @return the final state
     */
    public static Counter run() {
        Counter state = new Counter(0);
        do {
            state = new Counter(AGENT.apply(state).counter());
        } while (LoopWork.again(state.counter()));
        return state;
    }
}
