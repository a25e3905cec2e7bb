package dev.switchboard.server.rows;

import dev.switchboard.server.wire.Json;
import tools.jackson.databind.JsonNode;

/**
 * A row's JSON text as the server stores it: every NUL character in a string becomes U+FFFD. A
 * thread's values and a run's result are copies of state that the checkpoints keep exactly; a NUL a
 * node wrote there would make PostgreSQL refuse the row ({@code jsonb} has no NUL), and with it the
 * run's end and every search that reads the rows. Requests cannot bring a NUL in (they are refused),
 * so only what a graph computed is touched, and only in these copies.
 */
public final class RowJson {
    private static final String NUL = "\\u0000";

    private RowJson() {}

    /**
     * The text of a row.
     *
     * @param row the row
     * @return its JSON, NUL characters replaced
     */
    public static String text(JsonNode row) {
        String json = Json.text(row);
        return json.contains(NUL) ? withoutNul(json) : json;
    }

    /** Replaces each {@code \u0000} escape (not an escaped backslash followed by {@code u0000}). */
    private static String withoutNul(String json) {
        StringBuilder out = new StringBuilder(json.length());
        int i = 0;
        while (i < json.length()) {
            char c = json.charAt(i);
            if (c != '\\' || i + 1 >= json.length()) {
                out.append(c);
                i++;
            } else if (json.charAt(i + 1) == 'u') {
                String escape = json.substring(i, Math.min(json.length(), i + 6));
                out.append(escape.equals(NUL) ? "\\ufffd" : escape);
                i += escape.length();
            } else {
                out.append(c).append(json.charAt(i + 1)); // \\, \", \n...: two characters
                i += 2;
            }
        }
        return out.toString();
    }
}
