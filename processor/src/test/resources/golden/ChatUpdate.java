package test;

import dev.switchboard.runtime.Overwrite;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.spi.GeneratedUpdate;
import dev.switchboard.runtime.spi.StateSchema;
import dev.switchboard.runtime.spi.WriteSink;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import javax.annotation.processing.Generated;

/**
 * A partial update of {@link Chat}: set the components a node writes and return it.
 */
@Generated("dev.switchboard.processor.SwitchboardProcessor")
public final class ChatUpdate extends StateUpdate implements GeneratedUpdate {
    private List<String> messages;

    private boolean messages$set;

    private boolean messages$overwrite;

    private int turns;

    private boolean turns$set;

    private boolean turns$overwrite;

    private String topic;

    private boolean topic$set;

    private Trace trace;

    private boolean trace$set;

    private ChatUpdate() {
    }

    /**
     * Starts an empty update; an empty update writes nothing.
     *
     * @return a new update
     */
    public static ChatUpdate of() {
        return new ChatUpdate();
    }

    /**
     * Writes {@code messages}; the value is reduced into the current one by {@code Append}.
     *
     * @param messages the value
     * @return this update
     */
    public ChatUpdate messages(List<String> messages) {
        this.messages = Objects.requireNonNull(messages, "messages");
        this.messages$set = true;
        this.messages$overwrite = false;
        return this;
    }

    /**
     * Replaces {@code messages}, bypassing its reducer; a second overwrite in the same step is an error.
     *
     * @param messages the value
     * @return this update
     */
    public ChatUpdate overwriteMessages(List<String> messages) {
        this.messages = Objects.requireNonNull(messages, "messages");
        this.messages$set = true;
        this.messages$overwrite = true;
        return this;
    }

    /**
     * Writes {@code turns}; the value is reduced into the current one by {@code Sum}.
     *
     * @param turns the value
     * @return this update
     */
    public ChatUpdate turns(int turns) {
        this.turns = turns;
        this.turns$set = true;
        this.turns$overwrite = false;
        return this;
    }

    /**
     * Replaces {@code turns}, bypassing its reducer; a second overwrite in the same step is an error.
     *
     * @param turns the value
     * @return this update
     */
    public ChatUpdate overwriteTurns(int turns) {
        this.turns = turns;
        this.turns$set = true;
        this.turns$overwrite = true;
        return this;
    }

    /**
     * Writes {@code topic}.
     *
     * @param topic the value
     * @return this update
     */
    public ChatUpdate topic(String topic) {
        this.topic = topic;
        this.topic$set = true;
        return this;
    }

    /**
     * Writes {@code trace}, which is never checkpointed.
     *
     * @param trace the value
     * @return this update
     */
    public ChatUpdate trace(Trace trace) {
        this.trace = trace;
        this.trace$set = true;
        return this;
    }

    /**
     * Adds an update of another record of the same graph, applied with this one.
     *
     * @param other the other update
     * @return this update
     */
    @Override
    public ChatUpdate also(StateUpdate other) {
        super.also(other);
        return this;
    }

    @Override
    public StateSchema<Chat> schema() {
        return ChatChannels.SCHEMA;
    }

    @Override
    public void writeTo(WriteSink sink) {
        if (this.messages$set) {
            sink.write(0, this.messages$overwrite ? new Overwrite<>(this.messages) : this.messages);
        }
        if (this.turns$set) {
            sink.write(1, this.turns$overwrite ? new Overwrite<>(this.turns) : this.turns);
        }
        if (this.topic$set) {
            sink.write(2, this.topic);
        }
        if (this.trace$set) {
            sink.write(3, this.trace);
        }
    }

    @Override
    protected void ownWrites(BiConsumer<String, Object> sink) {
        GeneratedUpdate.writesByName(this, sink);
    }
}
