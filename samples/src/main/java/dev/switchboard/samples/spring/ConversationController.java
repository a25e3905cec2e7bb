package dev.switchboard.samples.spring;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.samples.quickstart.SupportDeskGraph;
import dev.switchboard.samples.quickstart.Ticket;
import dev.switchboard.samples.quickstart.TicketUpdate;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * The REST face of the support desk: {@code POST /conversations/{id}/messages} runs the graph on
 * the conversation's thread with the new message, {@code GET /conversations/{id}} reads the thread's
 * state from its latest checkpoint.
 */
@RestController
public class ConversationController {
    private final SupportDeskGraph graph;

    /**
     * Creates the controller.
     *
     * @param graph the support desk graph bean
     */
    public ConversationController(SupportDeskGraph graph) {
        this.graph = graph;
    }

    /**
     * A message from the customer.
     *
     * @param text what they wrote
     */
    public record Message(String text) {}

    /**
     * A conversation's state as the service returns it.
     *
     * @param conversation the conversation (thread) id
     * @param messages every message so far, the desk's replies included
     * @param turns how many replies the desk gave
     * @param topic where the latest message was routed
     */
    public record Conversation(String conversation, List<String> messages, int turns, String topic) {
        static Conversation of(String id, Ticket ticket) {
            return new Conversation(id, ticket.messages(), ticket.turns(), ticket.topic());
        }
    }

    /**
     * Runs the desk on a conversation with one more message.
     *
     * @param id the conversation id, used as the thread id
     * @param message the customer's message
     * @return the conversation after the desk answered
     */
    @PostMapping("/conversations/{id}/messages")
    public Conversation post(@PathVariable("id") String id, @RequestBody Message message) {
        if (message == null || message.text() == null || message.text().isBlank()) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "a message needs a non-blank text");
        }
        Ticket ticket = graph.invoke(TicketUpdate.of().messages(List.of(message.text())), RunConfig.thread(id))
                .value();
        return Conversation.of(id, ticket);
    }

    /**
     * Reads a conversation.
     *
     * @param id the conversation id
     * @return its state; 404 when no message was ever posted to it
     */
    @GetMapping("/conversations/{id}")
    public Conversation get(@PathVariable("id") String id) {
        StateSnapshot<Ticket> snapshot = graph.getState(RunConfig.thread(id));
        if (snapshot.checkpointId().isEmpty()) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND, "no conversation " + id);
        }
        return Conversation.of(id, snapshot.values());
    }
}
