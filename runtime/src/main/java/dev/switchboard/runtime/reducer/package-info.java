/**
 * Reducers for {@code @Reducer} state components: the {@link dev.switchboard.runtime.reducer.ReduceFunction}
 * interface and the built-in ones.
 */
package dev.switchboard.runtime.reducer;
