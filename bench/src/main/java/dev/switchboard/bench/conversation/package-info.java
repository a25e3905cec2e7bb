/**
 * "Cost grows with work" for storage: a long conversation with the prebuilt ReAct agent on SQLite,
 * the bytes its thread stores measured as it grows.
 */
package dev.switchboard.bench.conversation;
