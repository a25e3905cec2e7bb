package dev.switchboard.langchain4j;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.annotation.Codec;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A type only Send payloads hold, stored by its codec: no creator, so Jackson alone cannot read it. */
@Codec(TicketCodec.class)
final class Ticket {
    final String text;

    private Ticket(String text) {
        this.text = text;
    }

    static Ticket of(String text) {
        return new Ticket(text);
    }
}

/** What one worker receives. */
record Job(Ticket ticket) {}

class FanOutTickets {
    @Route(from = START, to = "work")
    List<Send<Job>> fan(Chat s) {
        return List.of(Send.to("work", new Job(Ticket.of("a"))), Send.to("work", new Job(Ticket.of("b"))));
    }

    @Node
    ChatUpdate work(Job job) {
        return ChatUpdate.of().messages(List.of(Message.ai("did " + job.ticket().text)));
    }
}

/** A Send payload holding a codec-stored type reads back from a checkpoint, in another graph. */
class SendPayloadCodecTest {
    @Test
    void pendingSendsResumeFromTheCheckpointThroughThePayloadsCodec() {
        MemorySaver saver = new MemorySaver();
        RunConfig thread = RunConfig.thread("fan");
        var paused = FanOutTicketsGraph.builder(new FanOutTickets())
                .checkpointer(saver)
                .interruptBefore("work")
                .build()
                .invoke(ChatUpdate.of().messages(List.of(Message.user("go"))), thread);
        assertTrue(paused.paused());
        Chat done = FanOutTicketsGraph.builder(new FanOutTickets())
                .checkpointer(saver)
                .build()
                .resume(thread)
                .value();
        assertEquals(
                List.of(AiMessage.from("did a"), AiMessage.from("did b")),
                done.messages().subList(1, 3).stream().map(Message::chat).toList());
    }
}
