package dev.switchboard.samples.steps;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The outside world of the sample: a payment provider and a mailer that each append what they did
 * to a text file, so that every charge and every mail can be counted across JVM runs.
 */
public final class Ledger {
    private final Path file;

    /**
     * A ledger in a file.
     *
     * @param file the file the provider and the mailer append to
     */
    public Ledger(Path file) {
        this.file = file;
    }

    /**
     * Charges an amount: a side effect that must happen once.
     *
     * @param item what is bought
     * @param cents the amount
     * @return the receipt
     */
    public Receipt charge(String item, int cents) {
        List<String> before = lines();
        String id = "ch_" + (before.size() + 1);
        append("CHARGED " + id + " " + cents + " for " + item);
        return new Receipt(id, cents);
    }

    /**
     * Sends a confirmation mail: a side effect that must happen once.
     *
     * @param text the mail's text
     */
    public void mail(String text) {
        append("MAILED " + text);
    }

    /**
     * What happened so far.
     *
     * @return the ledger's lines
     */
    public List<String> lines() {
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void append(String line) {
        try {
            Files.writeString(
                    file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
