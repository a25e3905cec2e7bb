package dev.switchboard.runtime;

/**
 * Marks a generated graph whose class declares a run context with {@code @Graph(context = C.class)}:
 * every run needs a {@code C} ({@link RunConfig#withContext}). The processor reads {@code C} from
 * here when another graph runs this one as a subgraph node, and rejects at compile time a parent
 * that could not pass a {@code C} down.
 *
 * @param <C> the context type
 */
public interface ContextualGraph<C> {}
