package dev.switchboard.runtime.channel;

import static dev.switchboard.runtime.channel.ChannelAssertions.assertEmpty;
import static dev.switchboard.runtime.channel.ChannelAssertions.assertValue;
import static dev.switchboard.runtime.channel.ChannelAssertions.emptyStep;
import static dev.switchboard.runtime.channel.ChannelAssertions.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.channel.ChannelSpec.Kind;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.Max;
import dev.switchboard.runtime.reducer.Sum;
import dev.switchboard.runtime.serde.ValueType;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The immutable channel definitions and the channels they create. */
class ChannelSpecTest {
    private static final ValueType ANY = ValueType.of(Object.class);

    /** One spec of every kind and option, with a value each one accepts. */
    record Case(ChannelSpec spec, Class<? extends Channel> type, Object write) {
        @Override
        public String toString() {
            return spec.toString();
        }
    }

    static Stream<Case> everyKind() {
        return Stream.of(
                new Case(ChannelSpec.lastValue("lv", ANY), LastValue.class, "v"),
                new Case(ChannelSpec.reducer("r", new Append<>(), ANY), ReducerChannel.class, List.of("v")),
                new Case(ChannelSpec.reducer("n", new Sum<Integer>(), ANY).startingAt(0), ReducerChannel.class, 1),
                new Case(ChannelSpec.topic("t", ANY), Topic.class, "v"),
                new Case(ChannelSpec.topic("ta", ANY).accumulating(), Topic.class, "v"),
                new Case(ChannelSpec.ephemeral("e", ANY), EphemeralValue.class, "v"),
                new Case(ChannelSpec.ephemeral("eu", ANY).unguarded(), EphemeralValue.class, "v"),
                new Case(ChannelSpec.anyValue("a", ANY), AnyValue.class, "v"),
                new Case(ChannelSpec.lastValueAfterFinish("f", ANY), LastValueAfterFinish.class, "v"),
                new Case(ChannelSpec.untracked("u", ANY), UntrackedValue.class, "v"),
                new Case(ChannelSpec.untracked("uu", ANY).unguarded(), UntrackedValue.class, "v"),
                new Case(ChannelSpec.namedBarrier("b", Set.of("v")), NamedBarrierValue.class, "v"),
                new Case(ChannelSpec.namedBarrier("bf", Set.of("v")).waitingForFinish(), NamedBarrierValue.class, "v"));
    }

    @ParameterizedTest
    @MethodSource("everyKind")
    void createsAFreshEmptyChannelOfTheRightClassEachTime(Case c) {
        Channel one = c.spec().create();
        Channel two = c.spec().create();
        assertInstanceOf(c.type(), one);
        assertEquals(c.spec().name(), one.name());
        assertNotSame(one, two);
        Object storedBefore = two.checkpoint();
        boolean availableBefore = two.isAvailable();
        assertTrue(step(one, c.write()));
        assertEquals(storedBefore, two.checkpoint(), "writing one channel left the other alone");
        assertEquals(availableBefore, two.isAvailable());
    }

    @ParameterizedTest
    @MethodSource("everyKind")
    void clearsWithoutWritesSaysWhichChannelsAStepWithoutWritesChanges(Case c) {
        // The loop relies on this to skip notifying the other channels at the end of a step.
        Channel channel = c.spec().create();
        step(channel, c.write());
        assertEquals(c.spec().clearsWithoutWrites(), emptyStep(channel));
    }

    @ParameterizedTest
    @MethodSource("everyKind")
    void waitsForFinishSaysWhichChannelsReactToFinish(Case c) {
        Channel channel = c.spec().create();
        step(channel, c.write());
        assertEquals(c.spec().waitsForFinish(), channel.finish());
    }

    @ParameterizedTest
    @MethodSource("everyKind")
    void onlyUntrackedChannelsAreNotStored(Case c) {
        Channel channel = c.spec().create();
        step(channel, c.write());
        assertEquals(c.spec().tracked(), channel.checkpoint() != Channel.MISSING);
        assertEquals(c.spec().kind() != Kind.UNTRACKED, c.spec().tracked());
    }

    @Test
    void kinds() {
        assertEquals(Kind.LAST_VALUE, ChannelSpec.lastValue("x", ANY).kind());
        assertEquals(Kind.REDUCER, ChannelSpec.reducer("x", new Append<>(), ANY).kind());
        assertEquals(
                Kind.REDUCER,
                ChannelSpec.reducer("x", new Sum<Integer>(), ANY).startingAt(0).kind());
        assertEquals(Kind.TOPIC, ChannelSpec.topic("x", ANY).accumulating().kind());
        assertEquals(Kind.EPHEMERAL, ChannelSpec.ephemeral("x", ANY).kind());
        assertEquals(Kind.ANY_VALUE, ChannelSpec.anyValue("x", ANY).kind());
        assertEquals(
                Kind.LAST_VALUE_AFTER_FINISH,
                ChannelSpec.lastValueAfterFinish("x", ANY).kind());
        assertEquals(Kind.UNTRACKED, ChannelSpec.untracked("x", ANY).kind());
        assertEquals(
                Kind.NAMED_BARRIER, ChannelSpec.namedBarrier("x", Set.of("a")).kind());
    }

    @Test
    void clearsWithoutWritesAndWaitsForFinishFlags() {
        assertTrue(ChannelSpec.topic("t", ANY).clearsWithoutWrites());
        assertFalse(ChannelSpec.topic("t", ANY).accumulating().clearsWithoutWrites());
        assertTrue(ChannelSpec.ephemeral("e", ANY).unguarded().clearsWithoutWrites());
        assertTrue(ChannelSpec.anyValue("a", ANY).clearsWithoutWrites());
        assertFalse(ChannelSpec.lastValue("l", ANY).clearsWithoutWrites());
        assertTrue(ChannelSpec.lastValueAfterFinish("f", ANY).waitsForFinish());
        assertTrue(ChannelSpec.namedBarrier("b", Set.of("a")).waitingForFinish().waitsForFinish());
        assertFalse(ChannelSpec.namedBarrier("b", Set.of("a")).waitsForFinish());
        assertFalse(ChannelSpec.lastValue("l", ANY).waitsForFinish());
    }

    @Test
    void aReducerChannelStartsAtTheReducersEmptyValue() {
        assertValue(List.of(), ChannelSpec.reducer("items", new Append<>(), ANY).create());
    }

    @Test
    void aReducerWithoutAnEmptyValueStartsEmpty() {
        Channel channel = ChannelSpec.reducer("best", new Max<Integer>(), ANY).create();
        assertEmpty(channel);
        assertSame(Channel.MISSING, channel.checkpoint());
        step(channel, 3, 7, 5);
        assertValue(7, channel);
    }

    @Test
    void anExplicitInitialValueWinsOverTheReducersEmptyValue() {
        assertValue(
                0,
                ChannelSpec.reducer("n", new Sum<Integer>(), ANY).startingAt(0).create());
        assertValue(
                List.of("x"),
                ChannelSpec.reducer("l", new Append<>(), ANY)
                        .startingAt(List.of("x"))
                        .create());
    }

    @Test
    void createdChannelsKeepTheirOptions() {
        Channel accumulating = ChannelSpec.topic("t", ANY).accumulating().create();
        step(accumulating, "a");
        step(accumulating, "b");
        assertValue(List.of("a", "b"), accumulating);

        Channel unguarded = ChannelSpec.ephemeral("e", ANY).unguarded().create();
        assertTrue(step(unguarded, "a", "b"));
        assertValue("b", unguarded);

        Channel guardedUntracked = ChannelSpec.untracked("u", ANY).create();
        assertThrows(dev.switchboard.runtime.InvalidUpdateException.class, () -> step(guardedUntracked, "a", "b"));

        Channel lateBarrier = ChannelSpec.namedBarrier("b", Set.of("x", "y"))
                .waitingForFinish()
                .create();
        step(lateBarrier, "x", "y");
        assertFalse(lateBarrier.isAvailable());
        assertTrue(lateBarrier.finish());
        assertTrue(lateBarrier.isAvailable());
    }

    @Test
    void nullsAreRejectedWithTheParameterName() {
        assertEquals(
                "name",
                assertThrows(NullPointerException.class, () -> ChannelSpec.lastValue(null, ANY))
                        .getMessage());
        assertEquals(
                "reducer",
                assertThrows(NullPointerException.class, () -> ChannelSpec.reducer("r", null, ANY))
                        .getMessage());
        assertEquals(
                "reducer",
                assertThrows(NullPointerException.class, () -> new ReducerSpec("r", null, 0, ANY))
                        .getMessage());
        assertEquals(
                "initial",
                assertThrows(
                                NullPointerException.class,
                                () -> ChannelSpec.reducer("r", new Sum<Integer>(), ANY)
                                        .startingAt(null))
                        .getMessage());
    }

    @Test
    void barrierNamesAreCopied() {
        Set<String> names = new HashSet<>(Set.of("a"));
        ChannelSpec spec = ChannelSpec.namedBarrier("b", names);
        names.add("z");
        Channel barrier = spec.create();
        step(barrier, "a");
        assertTrue(barrier.isAvailable());
        assertTrue(spec.sameDefinition(ChannelSpec.namedBarrier("b", Set.of("a"))));
    }

    @Test
    void sameDefinitionComparesNameKindOptionsAndReducerClass() {
        ChannelSpec items = ChannelSpec.reducer("items", new Append<>(), ANY);
        assertTrue(items.sameDefinition(ChannelSpec.reducer("items", new Append<>(), ANY)), "another instance");
        assertFalse(items.sameDefinition(ChannelSpec.reducer("other", new Append<>(), ANY)));
        assertFalse(items.sameDefinition(ChannelSpec.reducer("items", new Max<Integer>(), ANY)));
        assertFalse(items.sameDefinition(ChannelSpec.lastValue("items", ANY)));
        assertFalse(ChannelSpec.lastValue("items", ANY).sameDefinition(items));

        assertTrue(ChannelSpec.lastValue("x", ANY).sameDefinition(ChannelSpec.lastValue("x", ANY)));
        assertFalse(ChannelSpec.topic("x", ANY).accumulating().sameDefinition(ChannelSpec.topic("x", ANY)));
        assertFalse(ChannelSpec.ephemeral("x", ANY)
                .sameDefinition(ChannelSpec.ephemeral("x", ANY).unguarded()));
        assertFalse(ChannelSpec.untracked("x", ANY)
                .sameDefinition(ChannelSpec.untracked("x", ANY).unguarded()));
        assertFalse(ChannelSpec.namedBarrier("x", Set.of("a"))
                .sameDefinition(ChannelSpec.namedBarrier("x", Set.of("a", "b"))));
        assertFalse(ChannelSpec.namedBarrier("x", Set.of("a"))
                .sameDefinition(ChannelSpec.namedBarrier("x", Set.of("a")).waitingForFinish()));
        assertFalse(
                ChannelSpec.reducer("n", new Sum<Integer>(), ANY)
                        .sameDefinition(ChannelSpec.reducer("n", new Sum<Integer>(), ANY)
                                .startingAt(0)),
                "a primitive component cannot share a channel with a boxed one");
    }

    @Test
    void toStringNamesTheChannelAndKind() {
        assertEquals(
                "ChannelSpec[join:a+b:c, NAMED_BARRIER]",
                ChannelSpec.namedBarrier("join:a+b:c", Set.of("a")).toString());
    }
}
