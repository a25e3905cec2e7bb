package dev.switchboard.agent.middleware;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The built-in PII detectors: email, credit card (Luhn-checked), IPv4 address, MAC address, URL. */
final class PiiDetectors {
    private static final Pattern EMAIL = Pattern.compile("\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}\\b");
    private static final Pattern CARD = Pattern.compile("\\b\\d{4}(?:[ -]?\\d{4}){2}[ -]?\\d{1,7}\\b");
    private static final Pattern IP = Pattern.compile("\\b\\d{1,3}(?:\\.\\d{1,3}){3}\\b");
    private static final Pattern MAC = Pattern.compile("\\b[0-9A-Fa-f]{2}(?:[:-][0-9A-Fa-f]{2}){5}\\b");
    private static final Pattern URL = Pattern.compile("(?i)(?:https?://|www\\.)[^\\s<>\"{}|\\\\^`\\[\\]]+");

    static final Map<String, Function<String, List<PiiMatch>>> BUILT_IN = Map.of(
            "email", text -> find(EMAIL, text, m -> true),
            "credit_card", text -> find(CARD, text, PiiDetectors::luhn),
            "ip", text -> find(IP, text, PiiDetectors::octets),
            "mac_address", text -> find(MAC, text, m -> true),
            "url", text -> find(URL, text, m -> true));

    private PiiDetectors() {}

    static List<PiiMatch> find(Pattern pattern, String text, Predicate<String> valid) {
        List<PiiMatch> out = new ArrayList<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            if (valid.test(m.group())) {
                out.add(new PiiMatch(m.group(), m.start(), m.end()));
            }
        }
        return out;
    }

    /** Whether a card number's digits pass the Luhn check, with 13 to 19 digits. */
    static boolean luhn(String number) {
        String digits = number.replaceAll("\\D", "");
        if (digits.length() < 13 || digits.length() > 19) {
            return false;
        }
        int sum = 0;
        boolean twice = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (twice) {
                d = d * 2 > 9 ? d * 2 - 9 : d * 2;
            }
            sum += d;
            twice = !twice;
        }
        return sum % 10 == 0;
    }

    private static boolean octets(String ip) {
        for (String part : ip.split("\\.")) {
            if (Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }
}
