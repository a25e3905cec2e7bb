package dev.switchboard.samples.spring;

import dev.switchboard.samples.quickstart.SupportDesk;
import dev.switchboard.samples.quickstart.SupportDeskGraph;
import dev.switchboard.spring.boot.SwitchboardGraphs;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The support desk graph behind a REST endpoint, on Spring Boot with the Switchboard starter: the
 * starter opens the checkpoint saver on the application's DataSource (a SQLite file here, set in
 * {@code spring.datasource.url}; point it at PostgreSQL and nothing else changes), and every
 * conversation is a thread, continued by each message posted to it. Run it with
 * {@code ./mvnw -B -q -pl samples -am compile -Prun -Dexec.mainClass=dev.switchboard.samples.spring.SupportDeskApplication}
 * and {@code curl -X POST localhost:8080/conversations/c1/messages -H 'Content-Type: application/json' -d '{"text":"I want a refund"}'}.
 */
@SpringBootApplication
public class SupportDeskApplication {

    /** Creates the application; Spring does. */
    public SupportDeskApplication() {}

    /**
     * Starts the service.
     *
     * @param args Spring Boot arguments, e.g. {@code --server.port=9090}
     */
    public static void main(String[] args) {
        SpringApplication.run(SupportDeskApplication.class, args);
    }

    /**
     * The node class, a bean like any service (it could take injected dependencies).
     *
     * @return the support desk's nodes
     */
    @Bean
    SupportDesk supportDesk() {
        return new SupportDesk();
    }

    /**
     * The compiled graph, built with the context's checkpoint saver.
     *
     * @param nodes the node bean
     * @param graphs the starter's graph factory
     * @return the graph bean
     */
    @Bean
    SupportDeskGraph supportDeskGraph(SupportDesk nodes, SwitchboardGraphs graphs) {
        return graphs.build(SupportDeskGraph.builder(nodes));
    }
}
