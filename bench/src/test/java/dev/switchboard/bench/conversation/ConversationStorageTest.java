package dev.switchboard.bench.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conversation benchmark's program at small sizes: the turns run as scripted (checked at each
 * mark) and what the thread stores grows linearly, so the program's table can be trusted.
 */
class ConversationStorageTest {
    @TempDir
    Path dir;

    @Test
    void storageGrowsLinearlyWithTheTurns() throws Exception {
        List<ConversationStorage.Mark> marks = ConversationStorage.run(dir, 30, 60);

        assertEquals(30, marks.get(0).turns());
        double ratio = (double) marks.get(1).storedBytes() / marks.get(0).storedBytes();
        assertTrue(ratio <= 2.2, "twice the turns stored " + ratio + " times the bytes");
        double fileRatio = (double) marks.get(1).fileBytes() / marks.get(0).fileBytes();
        assertTrue(fileRatio <= 2.2, "twice the turns made a file " + fileRatio + " times larger");
        // The file, keys, indexes and free pages included: about 6 KB a turn this early (12 KB before
        // the compact rows of store version 5), 4.3 KB a turn by 800 turns.
        assertTrue(marks.get(1).fileBytes() / 60 < 8_000, marks.get(1).fileBytes() + " file bytes for 60 turns");
        // About 400 bytes of text a turn; stored whole at every checkpoint it was 80 KB a turn by 50 turns.
        assertTrue(marks.get(1).bytesPerTurn() < 3_000, marks.get(1).bytesPerTurn() + " bytes per turn");
        // Four steps a turn change the conversation (the input, the model, the tool, the model):
        // each stores a delta, but for the few snapshots that bound a read.
        var messages = marks.get(1).storage().channels().get("messages");
        assertEquals(4 * 60, messages.snapshots() + messages.deltas(), messages.toString());
        assertTrue(messages.snapshots() <= 10, messages.toString());
    }
}
