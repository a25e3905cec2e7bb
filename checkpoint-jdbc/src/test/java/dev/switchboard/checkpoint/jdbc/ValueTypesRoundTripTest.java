package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.ValueType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

enum Tier {
    FREE,
    PRO
}

/** A record inside state, holding exact numbers of its own. */
record Money(BigDecimal amount, String currency) {}

/** Every JDK value type a user may keep in state, plain and inside records and collections. */
record Ledger(
        BigDecimal price,
        BigDecimal huge,
        BigInteger big,
        long longMax,
        long longMin,
        int intMin,
        double negativeZero,
        double notANumber,
        double infinity,
        float single,
        short small,
        byte tiny,
        char letter,
        boolean flag,
        Integer nothing,
        Instant at,
        LocalDate day,
        LocalDateTime local,
        Duration pause,
        UUID id,
        Tier tier,
        byte[] blob,
        Optional<String> note,
        Optional<BigDecimal> none,
        Money money,
        List<Money> history,
        Map<String, BigDecimal> rates,
        Set<UUID> ids,
        Map<Tier, List<Instant>> times,
        @Reducer(Append.class) List<BigDecimal> entries) {}

/** fill writes every value; the input writes a first ledger entry, fill two more. */
class Filler {
    static final Instant AT = Instant.parse("2026-11-24T13:05:00.123456789Z");
    static final UUID ID = UUID.fromString("0f1e4200-0000-4000-8000-00000000abcd");

    /** The state after a run whose input wrote entry 1.10, holding {@code blob} (arrays compare by identity). */
    static Ledger written(byte[] blob) {
        return new Ledger(
                new BigDecimal("19.90"),
                new BigDecimal("12345678901234567890.123456789"),
                new BigInteger("-98765432109876543210987654321"),
                Long.MAX_VALUE,
                Long.MIN_VALUE,
                Integer.MIN_VALUE,
                -0.0,
                Double.NaN,
                Double.NEGATIVE_INFINITY,
                0.1f,
                Short.MIN_VALUE,
                Byte.MIN_VALUE,
                'ß',
                true,
                null,
                AT,
                LocalDate.of(2026, 2, 28),
                LocalDateTime.of(2026, 11, 24, 13, 5, 0, 1),
                Duration.ofSeconds(90061, 5),
                ID,
                Tier.PRO,
                blob,
                Optional.of("0.10"),
                Optional.empty(),
                new Money(new BigDecimal("0.10"), "EUR"),
                List.of(new Money(new BigDecimal("1.000"), "USD"), new Money(new BigDecimal("-2E+3"), "JPY")),
                Map.of("eur", new BigDecimal("1.0850"), "tiny", new BigDecimal("1E-30")),
                Set.of(ID),
                Map.of(Tier.FREE, List.of(AT, Instant.EPOCH)),
                List.of(new BigDecimal("1.10"), new BigDecimal("2.50"), new BigDecimal("3.000")));
    }

    @Node
    @Edge(from = START)
    LedgerUpdate fill(Ledger s) {
        Ledger w = written(new byte[] {0, -1, 127, -128});
        return LedgerUpdate.of()
                .price(w.price())
                .huge(w.huge())
                .big(w.big())
                .longMax(w.longMax())
                .longMin(w.longMin())
                .intMin(w.intMin())
                .negativeZero(w.negativeZero())
                .notANumber(w.notANumber())
                .infinity(w.infinity())
                .single(w.single())
                .small(w.small())
                .tiny(w.tiny())
                .letter(w.letter())
                .flag(w.flag())
                .nothing(w.nothing())
                .at(w.at())
                .day(w.day())
                .local(w.local())
                .pause(w.pause())
                .id(w.id())
                .tier(w.tier())
                .blob(w.blob())
                .note(w.note())
                .none(w.none())
                .money(w.money())
                .history(w.history())
                .rates(w.rates())
                .ids(w.ids())
                .times(w.times())
                .entries(w.entries().subList(1, 3));
    }
}

/** A question for a human, surfaced by interrupt. */
record ApprovalRequest(String what, BigDecimal amount, Instant until, List<Tier> tiers) {}

/** Records the answer to an approval. */
record Approval(String answer) {}

/** ask pauses with an ApprovalRequest and records the answer. */
class Approver {
    static final ApprovalRequest REQUEST =
            new ApprovalRequest("refund", new BigDecimal("19.90"), Filler.AT, List.of(Tier.FREE, Tier.PRO));

    @Node
    @Edge(from = START)
    ApprovalUpdate ask(Approval s, NodeContext ctx) {
        return ApprovalUpdate.of().answer(ctx.interrupt(REQUEST, String.class));
    }
}

/**
 * Values survive a checkpoint exactly, on every saver, read back by a fresh graph over a freshly
 * opened store (another JVM would see the same bytes): numbers keep scale and every digit, and an
 * interrupt's value is read back as the record the node surfaced.
 */
class ValueTypesRoundTripTest {
    @TempDir
    Path dir;

    /** Runs {@code work} with a saver on one store, then again with a newly opened saver on it. */
    private interface TwoOpenings {
        void run(CheckpointSaver first, Supplier<CheckpointSaver> reopened) throws Exception;
    }

    private void onEachOpening(String kind, TwoOpenings work) throws Exception {
        if (kind.equals("memory")) {
            MemorySaver saver = new MemorySaver();
            work.run(saver, () -> saver);
            return;
        }
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver first = backend.open("values")) {
            JdbcSaver[] second = new JdbcSaver[1];
            try {
                work.run(first, () -> {
                    try {
                        second[0] = backend.open("values");
                        return second[0];
                    } catch (java.sql.SQLException e) {
                        throw new IllegalStateException(e);
                    }
                });
            } finally {
                if (second[0] != null) {
                    second[0].close();
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"memory", "sqlite", "postgres"})
    void everyValueTypeRoundTripsExactly(String kind) throws Exception {
        onEachOpening(kind, (first, reopened) -> {
            RunConfig thread = RunConfig.thread("values");
            FillerGraph.builder(new Filler())
                    .checkpointer(first)
                    .build()
                    .invoke(LedgerUpdate.of().entries(List.of(new BigDecimal("1.10"))), thread);
            Ledger read = FillerGraph.builder(new Filler())
                    .checkpointer(reopened.get())
                    .build()
                    .getState(thread)
                    .values();
            assertEquals(Filler.written(read.blob()), read);
            assertArrayEquals(new byte[] {0, -1, 127, -128}, read.blob());
            assertEquals(2, read.price().scale(), "19.90 keeps its scale");
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(read.negativeZero()));
            assertEquals(
                    List.of(new BigDecimal("1.10"), new BigDecimal("2.50"), new BigDecimal("3.000")), read.entries());
        });
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"memory", "sqlite", "postgres"})
    void anInterruptValueIsReadBackAsItsRecord(String kind) throws Exception {
        onEachOpening(kind, (first, reopened) -> {
            RunConfig thread = RunConfig.thread("approval");
            Interrupt live = ApproverGraph.builder(new Approver())
                    .checkpointer(first)
                    .build()
                    .invoke(ApprovalUpdate.of(), thread)
                    .interrupts()
                    .get(0);
            assertEquals(Approver.REQUEST, live.value());
            assertEquals(Approver.REQUEST, live.value(ApprovalRequest.class));

            Interrupt stored = ApproverGraph.builder(new Approver())
                    .checkpointer(reopened.get())
                    .build()
                    .getState(thread)
                    .interrupts()
                    .get(0);
            assertInstanceOf(Map.class, stored.value(), "untyped, a stored value is plain JSON");
            assertEquals(Approver.REQUEST, stored.value(ApprovalRequest.class));
            assertEquals(2, stored.value(ApprovalRequest.class).amount().scale());
            assertEquals(
                    Approver.REQUEST.tiers(),
                    stored.value(ValueType.of(ApprovalRequest.class)) instanceof ApprovalRequest r ? r.tiers() : null);
            SerdeException wrong = assertThrows(SerdeException.class, () -> stored.value(Money.class));
            assertTrue(
                    wrong.getMessage().contains("interrupt " + stored.id() + ": its value cannot be read as Money"),
                    wrong.getMessage());
            assertTrue(wrong.getMessage().contains("Missing required creator property 'currency'"), wrong.getMessage());
        });
    }
}
