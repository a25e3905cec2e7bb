package upgrade;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;

/** Books each amount given as input. */
@Graph(version = 1)
public class Book {
    @Node
    @Edge(from = START)
    LedgerUpdate book(Ledger l) {
        int last = l.amounts().get(l.amounts().size() - 1);
        return LedgerUpdate.of()
                .count(l.count() + 1)
                .rate(0.5f)
                .cents(l.cents() + last)
                .note("booked " + last)
                .place(new Place("Lyon"));
    }
}
