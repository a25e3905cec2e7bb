package dev.switchboard.spring.boot;

/** A dependency the tests inject into a node class, as an application would inject a service. */
public interface Greeter {
    /**
     * Answers a line.
     *
     * @param line what the user said
     * @return the reply
     */
    String reply(String line);
}
