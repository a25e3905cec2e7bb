package dev.switchboard.samples.expenses;

import dev.switchboard.spring.boot.SwitchboardGraphs;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Expense approval as a Spring Boot application on PostgreSQL. A web JVM serves LangGraph's API for
 * the {@code expenses} graph on the application's port, beside the application's own {@code
 * /expenses} route, behind Spring Security (HTTP Basic here: the user who signs in owns the threads
 * it creates); a worker JVM, the same application started with {@code
 * --switchboard.server.mode=worker}, serves nothing and runs the runs the web JVMs have no room
 * for. All of them share the run queue in the application's database, through Boot's own
 * DataSource.
 */
@SpringBootApplication
@EnableConfigurationProperties(ExpensePolicy.class)
public class ExpensesApplication {
    /** Creates the application; Spring does. */
    public ExpensesApplication() {}

    /**
     * Starts a web or a worker JVM.
     *
     * @param args Spring Boot arguments, e.g. {@code --switchboard.server.mode=worker}
     */
    public static void main(String[] args) {
        SpringApplication.run(ExpensesApplication.class, args);
    }

    /**
     * The graph, served under its bean name {@code expenses}: built by the starter with the
     * context's saver (on the application's DataSource), store and listeners.
     *
     * @param nodes the nodes, a bean with injected services
     * @param graphs the starter's graph factory
     * @return the graph bean
     */
    @Bean
    ExpenseApprovalGraph expenses(ExpenseApproval nodes, SwitchboardGraphs graphs) {
        return graphs.build(ExpenseApprovalGraph.builder(nodes));
    }

    /**
     * Who may call: anyone may ask {@code /ok}, and a browser's CORS preflight (it carries no
     * credentials) goes through to the server, which answers it for the origins it allows
     * (loopback pages, and {@code switchboard.server.allow-origins}); everything else needs a
     * signed-in user. The API is
     * called by programs with credentials, not by a browser session, so no session and no CSRF
     * token.
     *
     * @param http Spring Security's builder
     * @return the filter chain
     * @throws Exception when Spring Security cannot build it
     */
    @Bean
    @ConditionalOnWebApplication
    SecurityFilterChain security(HttpSecurity http) throws Exception {
        return http.authorizeHttpRequests(a -> a.requestMatchers(HttpMethod.OPTIONS, "/**")
                        .permitAll()
                        .requestMatchers("/ok")
                        .permitAll()
                        .anyRequest()
                        .authenticated())
                .httpBasic(Customizer.withDefaults())
                .csrf(AbstractHttpConfigurer::disable)
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .build();
    }
}
