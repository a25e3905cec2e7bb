package dev.switchboard.runtime.serde;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The fast path writes exactly the bytes Jackson writes, and declines what it does not know. */
class PlainJsonTest {
    private static final JsonMapper JACKSON = JsonMapper.builder().build();

    private static void sameAsJackson(Object value) {
        assertArrayEquals(JACKSON.writeValueAsBytes(value), PlainJson.tryEncode(value), String.valueOf(value));
    }

    @Test
    void everyNonSurrogateCharacterIsWrittenAsJacksonWritesIt() {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < Character.MIN_SURROGATE; c++) {
            sameAsJackson(String.valueOf(c));
            all.append(c);
        }
        for (char c = (char) (Character.MAX_SURROGATE + 1); c != 0; c++) {
            sameAsJackson(String.valueOf(c));
            all.append(c);
        }
        sameAsJackson(all.toString());
    }

    @Test
    void scalarsAndListsOfThem() {
        for (Object v : new Object[] {
            null,
            "",
            "plain",
            "quote \" and \\ and \n",
            0,
            -1,
            Integer.MIN_VALUE,
            Long.MAX_VALUE,
            (short) 7,
            (byte) -3,
            true,
            false
        }) {
            sameAsJackson(v);
        }
        sameAsJackson(List.of());
        sameAsJackson(List.of("a", "b"));
        sameAsJackson(Arrays.asList("x", null, 3, false));
        sameAsJackson(Collections.nCopies(64, "n"));
        Random random = new Random(42);
        for (int i = 0; i < 1000; i++) {
            List<Object> list = new ArrayList<>();
            int n = random.nextInt(5);
            for (int j = 0; j < n; j++) {
                char[] chars = new char[random.nextInt(12)];
                for (int k = 0; k < chars.length; k++) {
                    char c;
                    do {
                        c = (char) random.nextInt(0x10000);
                    } while (Character.isSurrogate(c));
                    chars[k] = c;
                }
                list.add(random.nextBoolean() ? new String(chars) : random.nextLong());
            }
            sameAsJackson(list);
        }
    }

    @Test
    void declinesWhatItDoesNotWrite() {
        assertNull(PlainJson.tryEncode("pair \uD834\uDD1E"), "surrogates");
        assertNull(PlainJson.tryEncode(1.5));
        assertNull(PlainJson.tryEncode(Map.of("k", "v")));
        assertNull(PlainJson.tryEncode(List.of(List.of("nested"))));
        assertNull(PlainJson.tryEncode(Collections.nCopies(65, "n")));
        assertNull(PlainJson.tryEncode(Thread.State.NEW));
    }
}
