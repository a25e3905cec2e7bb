/**
 * The root of Switchboard's exceptions, {@link dev.switchboard.runtime.error.GraphException}, and
 * LangGraph's error codes. It sits below every other runtime package so that each can raise a
 * {@code GraphException} without a package cycle; the specific exceptions live with the API that
 * raises them (run failures in {@code dev.switchboard.runtime}, {@code SerdeException} in
 * {@code serde}, {@code ConcurrentRunException} in {@code checkpoint}).
 */
package dev.switchboard.runtime.error;
