package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TaskIdsTest {
    @Test
    void nameUuidIsTheJdksVersion3Uuid() {
        for (String name : new String[] {"", "a", "cp\u0000\u00001\u0000node\u0000__pregel_pull", "ü€𝄞".repeat(40)}) {
            byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
            assertEquals(UUID.nameUUIDFromBytes(bytes), Digests.nameUuid(bytes), name);
        }
    }

    @Test
    void idsAreDeterministicAndDistinguishEveryPart() {
        String id = TaskIds.of("cp", "", 1, "node", -1);
        assertEquals(id, TaskIds.of("cp", "", 1, "node", -1));
        assertNotEquals(id, TaskIds.of("cp2", "", 1, "node", -1));
        assertNotEquals(id, TaskIds.of("cp", "ns", 1, "node", -1));
        assertNotEquals(id, TaskIds.of("cp", "", 2, "node", -1));
        assertNotEquals(id, TaskIds.of("cp", "", 1, "other", -1));
        assertNotEquals(id, TaskIds.of("cp", "", 1, "node", 0));
    }
}
