package dev.switchboard.agent;

import dev.switchboard.annotation.Graph;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.StateUpdate;
import java.util.List;

/** The result of an agent node: its writes and the command naming what runs next. */
final class Nodes {
    private Nodes() {}

    static Command<StateUpdate> command(StateUpdate writes, List<Object> next) {
        Command<StateUpdate> c = writes == null ? Command.goTo() : Command.update(writes);
        for (Object n : next) {
            if (n instanceof Send<?> s) {
                c = c.andSend(s);
            } else if (!Graph.END.equals(n)) {
                c = c.andGoTo((String) n);
            }
        }
        return c;
    }
}
