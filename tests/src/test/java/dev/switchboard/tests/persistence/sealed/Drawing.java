package dev.switchboard.tests.persistence.sealed;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Map;

/** Sealed records as a field, in a list (through a reducer) and as map values. */
record Drawing(Shape main, @Reducer(Append.class) List<Shape> all, Map<String, Shape> named) {}
