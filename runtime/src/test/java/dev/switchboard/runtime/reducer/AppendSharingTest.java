package dev.switchboard.runtime.reducer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** {@link Append}'s lists share storage between appends without one ever showing another's elements. */
class AppendSharingTest {
    private final Append<Integer> append = new Append<>();

    private List<Integer> build(int n) {
        List<Integer> list = append.empty();
        for (int i = 0; i < n; i++) {
            list = append.reduce(list, List.of(i));
        }
        return list;
    }

    @Test
    void appendsInOrder() {
        assertEquals(IntStream.range(0, 100).boxed().toList(), build(100));
        assertEquals(List.of(1, 2, 3, 4), append.reduce(List.of(1, 2), List.of(3, 4)));
    }

    @Test
    void anEmptyUpdateKeepsTheList() {
        List<Integer> list = build(3);
        assertSame(list, append.reduce(list, List.of()));
    }

    @Test
    void aListNeverShowsLaterAppends() {
        List<Integer> three = build(3);
        List<Integer> four = append.reduce(three, List.of(3));
        assertEquals(List.of(0, 1, 2), three);
        assertEquals(List.of(0, 1, 2, 3), four);
    }

    @Test
    void appendingToAnOlderListForksItWithoutTouchingTheNewer() {
        List<Integer> base = build(3);
        List<Integer> left = append.reduce(base, List.of(10));
        List<Integer> right = append.reduce(base, List.of(20, 21));
        assertEquals(List.of(0, 1, 2, 10), left);
        assertEquals(List.of(0, 1, 2, 20, 21), right);
        assertEquals(List.of(0, 1, 2, 10, 11), append.reduce(left, List.of(11)));
        assertEquals(List.of(0, 1, 2, 20, 21, 22), append.reduce(right, List.of(22)));
        assertEquals(List.of(0, 1, 2), base);
    }

    @Test
    void repeatingAnAppendOfTheSameElementsSharesTheirSlots() {
        List<Integer> base = build(3);
        Integer element = 1000;
        List<Integer> preview = append.reduce(base, List.of(element));
        List<Integer> real = append.reduce(base, List.of(element));
        assertEquals(List.of(0, 1, 2, 1000), real);
        assertEquals(List.of(0, 1, 2, 1000), preview);
        // the shared list still grows in place and never shows the other's later appends
        List<Integer> next = append.reduce(real, List.of(7));
        assertEquals(List.of(0, 1, 2, 1000, 7), next);
        assertEquals(List.of(0, 1, 2, 1000, 8), append.reduce(preview, List.of(8)));
        assertEquals(List.of(0, 1, 2, 1000, 7), next);
    }

    @Test
    void anAppendOfOtherObjectsAfterAClaimCopies() {
        List<Integer> base = build(3);
        List<Integer> left = append.reduce(base, List.of(Integer.valueOf(5000)));
        List<Integer> right = append.reduce(base, List.of(Integer.valueOf(6000)));
        assertEquals(List.of(0, 1, 2, 5000), left);
        assertEquals(List.of(0, 1, 2, 6000), right);
    }

    @Test
    void repeatingAnAppendToALongListDoesNotCopyIt() {
        List<Integer> base = build(100_000);
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        List<Integer> element = List.of(Integer.valueOf(123_456));
        append.reduce(append.reduce(build(10), element), element); // warm the path
        long before = threads.getCurrentThreadAllocatedBytes();
        List<Integer> preview = append.reduce(base, element);
        List<Integer> real = append.reduce(base, element);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        // a copy of 100,000 references is at least 400 KB; sharing allocates two small views
        assertTrue(allocated < 10_000, "allocated " + allocated + " bytes");
        assertEquals(100_001, real.size());
        assertEquals(preview, real);
    }

    @Test
    void concurrentAppendsToOneListEachGetTheirOwnResult() throws Exception {
        List<Integer> base = build(5);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 200; round++) {
                CountDownLatch go = new CountDownLatch(1);
                List<Future<List<Integer>>> results = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    int value = 100 + t;
                    results.add(pool.submit(() -> {
                        go.await();
                        return append.reduce(append.reduce(base, List.of(value)), List.of(value));
                    }));
                }
                go.countDown();
                for (int t = 0; t < 4; t++) {
                    List<Integer> expected = new ArrayList<>(List.of(0, 1, 2, 3, 4, 100 + t, 100 + t));
                    assertEquals(expected, results.get(t).get());
                }
                assertEquals(List.of(0, 1, 2, 3, 4), base);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void listsAreUnmodifiableAndCompareAsLists() {
        List<Integer> list = build(3);
        assertThrows(UnsupportedOperationException.class, () -> list.add(9));
        assertThrows(UnsupportedOperationException.class, () -> list.set(0, 9));
        assertThrows(IndexOutOfBoundsException.class, () -> list.get(3));
        assertEquals(new ArrayList<>(List.of(0, 1, 2)), list);
        assertEquals(List.of(0, 1, 2).hashCode(), list.hashCode());
        assertEquals("[0, 1, 2]", list.toString());
    }

    @Test
    void serializesAsAPlainList() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(build(3));
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(List.of(0, 1, 2), in.readObject());
        }
    }
}
