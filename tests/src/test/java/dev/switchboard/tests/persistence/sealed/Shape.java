package dev.switchboard.tests.persistence.sealed;

import dev.switchboard.annotation.Tag;

/** A sealed interface of records, stored by tag; Square keeps the tag of its old name. */
sealed interface Shape permits Shape.Circle, Shape.Square {
    record Circle(double radius) implements Shape {}

    @Tag("Box")
    record Square(double side) implements Shape {}
}
