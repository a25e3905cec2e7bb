package dev.switchboard.spring.boot.server;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.server.Authenticator;
import dev.switchboard.server.ServerBuilder;
import dev.switchboard.server.SwitchboardServer;
import dev.switchboard.server.auth.Authorization;
import dev.switchboard.spring.boot.SwitchboardAutoConfiguration;
import dev.switchboard.spring.boot.SwitchboardProperties;
import dev.switchboard.spring.boot.SwitchboardProperties.SaverKind;
import dev.switchboard.spring.boot.server.SwitchboardServerProperties.Mode;
import java.util.Map;
import javax.sql.DataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.reactive.DispatcherHandler;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * Serves the application's graph beans over LangGraph Server's HTTP API from the application itself,
 * when {@code switchboard-server} is on the classpath: every {@link CompiledGraph} bean under its
 * bean name (the {@code assistant_id} clients use), on the application's port through Spring MVC
 * or Spring WebFlux,
 * behind the application's security (the authenticated principal owns the threads it creates), with
 * the context's {@link CheckpointSaver}, {@link Store} and {@code DataSource}. On PostgreSQL every JVM
 * of the application shares one run queue in that database; {@code switchboard.server.mode=worker}
 * makes one that serves nothing and only runs runs. Build the graphs with {@code SwitchboardGraphs}
 * so they have the context's saver, store, listeners and customizers.
 */
@AutoConfiguration(
        after = SwitchboardAutoConfiguration.class,
        afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnClass(SwitchboardServer.class)
@ConditionalOnProperty(prefix = "switchboard.server", name = "enabled", havingValue = "true", matchIfMissing = true)
@ConditionalOnBean(CompiledGraph.class)
@EnableConfigurationProperties(SwitchboardServerProperties.class)
public class SwitchboardServerAutoConfiguration {
    private static final Log LOG = LogFactory.getLog(SwitchboardServerAutoConfiguration.class);

    /** Creates the auto-configuration; Spring Boot does. */
    public SwitchboardServerAutoConfiguration() {}

    /**
     * The server of the graph beans (built, started by {@link #switchboardServerLifecycle}).
     *
     * @param graphs the graph beans by bean name
     * @param savers the context's checkpoint saver
     * @param stores the context's store, if any
     * @param dataSources the application's data source, if it has exactly one
     * @param authenticators a token check for callers no security filter authenticated, if any
     * @param authorizations the authorization handlers of authenticated callers, if any
     * @param switchboard the {@code switchboard.*} properties
     * @param properties the {@code switchboard.server.*} properties
     * @param environment where {@code server.address} is read
     * @return the server, not started
     */
    @Bean(destroyMethod = "")
    @ConditionalOnMissingBean
    public SwitchboardServer switchboardServer(
            Map<String, CompiledGraph<?, ?, ?>> graphs,
            ObjectProvider<CheckpointSaver> savers,
            ObjectProvider<Store> stores,
            ObjectProvider<DataSource> dataSources,
            ObjectProvider<Authenticator> authenticators,
            ObjectProvider<Authorization> authorizations,
            SwitchboardProperties switchboard,
            SwitchboardServerProperties properties,
            Environment environment) {
        CheckpointSaver saver = savers.getIfUnique();
        if (saver == null) {
            throw new IllegalStateException("Switchboard's server keeps its threads in the context's"
                    + " CheckpointSaver, and there is none: set switchboard.checkpoint.saver to auto, jdbc, sqlite"
                    + " or memory, declare a CheckpointSaver bean, or set switchboard.server.enabled=false");
        }
        ServerBuilder builder = SwitchboardServer.builder()
                .checkpointer(saver)
                .maxRuns(properties.getMaxRuns())
                .lease(properties.getLease(), properties.getHeartbeat())
                .maxBodyBytes(Math.toIntExact(properties.getMaxBodySize().toBytes()))
                // answers whatever host name reaches the application (it binds nothing itself)
                .host(environment.getProperty("server.address", "0.0.0.0"));
        if (!properties.getAllowOrigins().isEmpty()) {
            builder.allowOrigins(properties.getAllowOrigins().toArray(String[]::new));
        }
        if (!properties.getAllowHosts().isEmpty()) {
            builder.allowHosts(properties.getAllowHosts().toArray(String[]::new));
        }
        String database = database(builder, saver, switchboard, properties, dataSources.getIfUnique());
        stores.ifUnique(builder::store);
        authenticators.ifUnique(builder::authenticator);
        authorizations.ifUnique(builder::authorization);
        graphs.forEach(builder::graph);
        if (properties.getMode() == Mode.WORKER) {
            if (!database.startsWith("PostgreSQL")) {
                throw new IllegalStateException("switchboard.server.mode=worker runs the runs of the shared PostgreSQL"
                        + " queue, but the server's database is " + database + ": point spring.datasource.url at"
                        + " PostgreSQL (with switchboard.checkpoint.saver=auto or jdbc)");
            }
            builder.worker();
        } else {
            builder.httpServer(false);
        }
        LOG.info("Switchboard serves graphs " + graphs.keySet() + " as " + properties.getMode() + " on " + database);
        return builder.build();
    }

    /**
     * Where the server keeps threads and runs: beside the saver's checkpoints, so a restart finds
     * both; in memory when the saver is not a JDBC one. Behind a pooler in transaction mode the run
     * queue's worker keeps its own connection on {@code switchboard.server.listener-url}.
     *
     * @return the database, as the log names it
     */
    private static String database(
            ServerBuilder builder,
            CheckpointSaver saver,
            SwitchboardProperties switchboard,
            SwitchboardServerProperties properties,
            DataSource dataSource) {
        String listener = properties.getListenerUrl();
        String database = "memory";
        if (saver instanceof JdbcSaver jdbc) {
            SaverKind kind = switchboard.getCheckpoint().getSaver();
            if (kind == SaverKind.SQLITE) {
                builder.database("jdbc:sqlite:" + switchboard.getCheckpoint().getSqliteFile());
                database = jdbc.database();
            } else if (dataSource != null) {
                builder.database(dataSource);
                if (switchboard.getSchema() != null) {
                    builder.schema(switchboard.getSchema());
                }
                database = jdbc.database();
            }
        }
        if (listener != null) {
            if (!database.startsWith("PostgreSQL")) {
                throw new IllegalStateException("switchboard.server.listener-url is the run queue worker's direct"
                        + " connection past a pooler in transaction mode, and the server's database is " + database
                        + ": remove it");
            }
            if (switchboard.getSchema() != null) {
                throw new IllegalStateException("switchboard.schema=" + switchboard.getSchema() + " sets the schema"
                        + " per session, which a pooler in transaction mode (switchboard.server.listener-url) does"
                        + " not keep: set it where the pooler connects (PgBouncer's connect_query = 'SET search_path"
                        + " TO " + switchboard.getSchema() + "', or ALTER ROLE ... SET search_path), name it in the"
                        + " listener URL (currentSchema=" + switchboard.getSchema()
                        + ") and remove switchboard.schema");
            }
            builder.listenerDatabase(listener);
        }
        return database;
    }

    /**
     * Starts and stops the server with the context.
     *
     * @param server the server
     * @return the lifecycle
     */
    @Bean
    SwitchboardServerLifecycle switchboardServerLifecycle(SwitchboardServer server) {
        return new SwitchboardServerLifecycle(server);
    }

    /** The API on the application's port, through Spring WebFlux, unless this JVM is a worker. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    @ConditionalOnClass(DispatcherHandler.class)
    @ConditionalOnProperty(prefix = "switchboard.server", name = "mode", havingValue = "web", matchIfMissing = true)
    static class ReactiveApi {
        @Bean
        ReactiveApiHandler switchboardReactiveApiHandler(SwitchboardServer server) {
            return new ReactiveApiHandler(server.handler());
        }

        @Bean
        ReactiveApiHandlerMapping switchboardReactiveApiHandlerMapping(ReactiveApiHandler handler) {
            return new ReactiveApiHandlerMapping(handler);
        }

        @Bean
        ReactivePreflightFilter switchboardReactivePreflightFilter(ReactiveApiHandler handler) {
            return new ReactivePreflightFilter(handler);
        }
    }

    /** The API on the application's port, through Spring MVC, unless this JVM is a worker. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @ConditionalOnClass(DispatcherServlet.class)
    @ConditionalOnProperty(prefix = "switchboard.server", name = "mode", havingValue = "web", matchIfMissing = true)
    static class ServletApi {
        @Bean
        ApiHandlerMapping switchboardApiHandlerMapping(SwitchboardServer server) {
            return new ApiHandlerMapping(new ServletApiHandler(server.handler()));
        }
    }
}
