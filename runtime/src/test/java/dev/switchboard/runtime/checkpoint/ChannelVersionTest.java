package dev.switchboard.runtime.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChannelVersionTest {
    @ParameterizedTest
    @ValueSource(longs = {0, 1, 7, 42, 999_999_999_999_999L, 1_000_000_000_000_000L, Long.MAX_VALUE, -1, -42})
    void formatsLikeTheZeroPaddedFormatString(long counter) {
        assertEquals(String.format(Locale.ROOT, "%016d.%s", counter, "abc"), ChannelVersion.format(counter, "abc"));
        assertEquals(String.format(Locale.ROOT, "%016d.", counter), ChannelVersion.format(counter, ""));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 42, Long.MAX_VALUE})
    void counterReadsBackWhatFormatWrote(long counter) {
        assertEquals(counter, ChannelVersion.counter(ChannelVersion.format(counter, "f00")));
    }
}
