package dev.switchboard.spring.boot;

import tools.jackson.core.Version;

/**
 * Refuses to start on a Jackson 3 older than the runtime needs. Spring Boot's dependency
 * management pins Jackson 3 to the version of its own release, which can be older than the one
 * Switchboard is built with: without this check an application would start and fail later, at its
 * first checkpoint, with an error that says nothing of versions.
 */
final class JacksonVersion {
    /**
     * The oldest {@code tools.jackson.core:jackson-databind} the runtime is known to work with:
     * Spring Boot 4.1's, on which the runtime's and the JDBC savers' tests pass. Older ones are
     * untested, so refused rather than risked.
     */
    static final Version MINIMUM = new Version(3, 1, 7, null, "tools.jackson.core", "jackson-databind");

    private JacksonVersion() {}

    /** Checks the Jackson on the classpath. */
    static void check() {
        check(tools.jackson.databind.cfg.PackageVersion.VERSION);
    }

    static void check(Version found) {
        if (found.compareTo(MINIMUM) < 0) {
            throw new IllegalStateException("Switchboard needs " + MINIMUM.getGroupId() + ":" + MINIMUM.getArtifactId()
                    + " " + MINIMUM + " or newer, and the application has " + found + ", most likely pinned by"
                    + " Spring Boot's dependency management: import dev.switchboard:switchboard-bom before"
                    + " spring-boot-dependencies (or under spring-boot-starter-parent), or set the property"
                    + " jackson-bom.version");
        }
    }
}
