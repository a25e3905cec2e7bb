package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Pins the digests to values computed with the implementations they replaced (the JDK's
 * name-based UUID, a {@code %02x} loop over SHA-256): stored threads carry these ids.
 */
class DigestsTest {
    @Test
    void taskIdsKeepTheirStoredForm() {
        assertEquals("563ce63c-8512-3032-aa86-b6b551ad36cc", TaskIds.of("cp", "", 1, "node", -1));
        assertEquals("e505ea34-ee92-37cf-a01a-b53433aa0c59", TaskIds.of("cp", "ns", 2, "node", 3));
    }

    @Test
    void interruptIdsAreTheFirstSixteenBytesOfSha256InLowerCaseHex() {
        assertEquals("33214745d1bd51088997fadd6aa235a2", Digests.sha256Hex("|ask:1234", 16));
        assertEquals("6f63fe057bdea4148ac538a1be11aaef", Digests.sha256Hex("ns|ask:1234|2", 16));
    }

    @Test
    void cacheKeysAreTheFullSha256InLowerCaseHex() {
        assertEquals(
                "015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862",
                Digests.sha256Hex("{\"a\":1}".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void digestsAreReusableAcrossCallsOnOneThread() {
        String first = Digests.sha256Hex("x", 16);
        Digests.nameUuid(new byte[] {1, 2, 3});
        assertEquals(first, Digests.sha256Hex("x", 16));
    }
}
