package dev.switchboard.samples.upgrade.desk;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.error.GraphException;
import java.nio.file.Path;
import java.util.List;

/** One command of release 3 against a SQLite file: {@code DB (start THREAD TEXT | show THREAD | resume THREAD VALUE)}. */
public final class DeskCli {
    private DeskCli() {}

    public static void main(String[] args) {
        try (JdbcSaver saver = SqliteSaver.file(Path.of(args[0]))) {
            DeskGraph desk = DeskGraph.builder(new Desk()).checkpointer(saver).build();
            RunConfig thread = RunConfig.thread(args[2]);
            switch (args[1]) {
                case "start" -> desk.invoke(TicketUpdate.of().log(List.of(args[3])), thread);
                case "resume" -> desk.invoke(Command.resume(args[3]), thread);
                default -> {}
            }
            StateSnapshot<Ticket> s = desk.getState(thread);
            System.out.println("  " + s.values());
            System.out.println("  next: " + s.next() + (s.interrupts().isEmpty() ? "" : ", asking: " + s.interrupts().get(0).value()));
        } catch (GraphException e) {
            System.out.println("  refused (" + e.code().map(Enum::name).orElse("-") + "): " + e.getMessage());
        }
    }
}
