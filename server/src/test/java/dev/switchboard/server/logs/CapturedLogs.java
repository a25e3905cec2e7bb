package dev.switchboard.server.logs;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The server tests' SLF4J backend: every line at DEBUG and above is kept (logger, level, text,
 * the MDC of the thread that logged it, the throwable's text) for tests to assert on, and lines at
 * INFO and above are printed to standard error, as {@code slf4j-simple} did. Its MDC is a plain
 * thread-local, as Logback's: a thread does not inherit its creator's keys, so a test sees only the
 * keys the server set where the line was logged.
 */
public final class CapturedLogs implements SLF4JServiceProvider {
    /** One line as logged. */
    public record Line(String logger, Level level, String text, Map<String, String> mdc, String thread) {
        /** Whether the line, with its throwable, contains {@code s}. */
        public boolean contains(String s) {
            return text.contains(s);
        }
    }

    private static final ConcurrentLinkedQueue<Line> LINES = new ConcurrentLinkedQueue<>();

    private final ConcurrentHashMap<String, Logger> loggers = new ConcurrentHashMap<>();
    private final ILoggerFactory factory = name -> loggers.computeIfAbsent(name, Captor::new);
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new ThreadMdc();

    /** Made by SLF4J's service loader. */
    public CapturedLogs() {}

    /** Every line logged so far in this JVM. */
    public static List<Line> lines() {
        return List.copyOf(LINES);
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return factory;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {}

    private final class Captor extends LegacyAbstractLogger {
        private static final long serialVersionUID = 1L;

        Captor(String name) {
            this.name = name;
        }

        @Override
        public boolean isTraceEnabled() {
            return false;
        }

        @Override
        public boolean isDebugEnabled() {
            return true;
        }

        @Override
        public boolean isInfoEnabled() {
            return true;
        }

        @Override
        public boolean isWarnEnabled() {
            return true;
        }

        @Override
        public boolean isErrorEnabled() {
            return true;
        }

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        @Override
        protected void handleNormalizedLoggingCall(
                Level level, Marker marker, String pattern, Object[] args, Throwable thrown) {
            String text = MessageFormatter.basicArrayFormat(pattern, args);
            if (thrown != null) {
                text += " " + thrown;
                for (Throwable c = thrown.getCause(); c != null; c = c.getCause()) {
                    text += " caused by " + c;
                }
            }
            Map<String, String> context = mdc.getCopyOfContextMap();
            String thread = Thread.currentThread().getName();
            LINES.add(new Line(name, level, text, context == null ? Map.of() : context, thread));
            if (level.toInt() >= Level.INFO.toInt()) {
                System.err.println("[" + thread + "] " + level + " " + name + " - " + text);
            }
        }
    }

    /** A thread-local MDC that threads do not inherit. */
    private static final class ThreadMdc implements MDCAdapter {
        private final ThreadLocal<Map<String, String>> map = ThreadLocal.withInitial(HashMap::new);
        private final ThreadLocal<Map<String, Deque<String>>> stacks = ThreadLocal.withInitial(HashMap::new);

        @Override
        public void put(String key, String val) {
            map.get().put(key, val);
        }

        @Override
        public String get(String key) {
            return map.get().get(key);
        }

        @Override
        public void remove(String key) {
            map.get().remove(key);
        }

        @Override
        public void clear() {
            map.get().clear();
        }

        @Override
        public Map<String, String> getCopyOfContextMap() {
            return Map.copyOf(map.get());
        }

        @Override
        public void setContextMap(Map<String, String> contextMap) {
            map.set(new HashMap<>(contextMap));
        }

        @Override
        public void pushByKey(String key, String value) {
            stacks.get().computeIfAbsent(key, k -> new ArrayDeque<>()).push(value);
        }

        @Override
        public String popByKey(String key) {
            Deque<String> d = stacks.get().get(key);
            return d == null ? null : d.poll();
        }

        @Override
        public Deque<String> getCopyOfDequeByKey(String key) {
            Deque<String> d = stacks.get().get(key);
            return d == null ? null : new ArrayDeque<>(d);
        }

        @Override
        public void clearDequeByKey(String key) {
            Deque<String> d = stacks.get().get(key);
            if (d != null) {
                d.clear();
            }
        }
    }
}
