package test;

import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.spi.GeneratedUpdate;
import dev.switchboard.runtime.spi.StateSchema;
import dev.switchboard.runtime.spi.WriteSink;
import java.util.function.BiConsumer;
import javax.annotation.processing.Generated;

/**
 * A partial update of {@link Overall}: set the components a node writes and return it.
 */
@Generated("dev.switchboard.processor.SwitchboardProcessor")
public final class OverallUpdate extends StateUpdate implements GeneratedUpdate {
    private String question;

    private boolean question$set;

    private String answer;

    private boolean answer$set;

    private OverallUpdate() {
    }

    /**
     * Starts an empty update; an empty update writes nothing.
     *
     * @return a new update
     */
    public static OverallUpdate of() {
        return new OverallUpdate();
    }

    /**
     * Writes {@code question}.
     *
     * @param question the value
     * @return this update
     */
    public OverallUpdate question(String question) {
        this.question = question;
        this.question$set = true;
        return this;
    }

    /**
     * Writes {@code answer}.
     *
     * @param answer the value
     * @return this update
     */
    public OverallUpdate answer(String answer) {
        this.answer = answer;
        this.answer$set = true;
        return this;
    }

    /**
     * Adds an update of another record of the same graph, applied with this one.
     *
     * @param other the other update
     * @return this update
     */
    @Override
    public OverallUpdate also(StateUpdate other) {
        super.also(other);
        return this;
    }

    @Override
    public StateSchema<Overall> schema() {
        return OverallChannels.SCHEMA;
    }

    @Override
    public void writeTo(WriteSink sink) {
        if (this.question$set) {
            sink.write(0, this.question);
        }
        if (this.answer$set) {
            sink.write(1, this.answer);
        }
    }

    @Override
    protected void ownWrites(BiConsumer<String, Object> sink) {
        GeneratedUpdate.writesByName(this, sink);
    }
}
