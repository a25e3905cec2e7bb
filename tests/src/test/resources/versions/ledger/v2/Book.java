package upgrade;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import java.math.BigDecimal;
import java.util.Optional;

/** Books each amount given as input, in wider numbers. */
@Graph(version = 2)
public class Book {
    @Node
    @Edge(from = START)
    LedgerUpdate book(Ledger l) {
        long last = l.amounts().get(l.amounts().size() - 1);
        return LedgerUpdate.of()
                .count(l.count() + 1)
                .rate(l.rate() * 2)
                .cents(l.cents().add(BigDecimal.valueOf(last)))
                .note(Optional.of("booked " + last + " after " + l.note().orElse("nothing")))
                .place(new Place(l.place() == null ? "Lyon" : l.place().city(), Optional.of("69001")));
    }
}
