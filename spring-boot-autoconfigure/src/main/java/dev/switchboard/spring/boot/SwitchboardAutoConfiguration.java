package dev.switchboard.spring.boot;

import dev.switchboard.runtime.RunListener;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.spring.boot.SwitchboardProperties.SaverKind;
import java.util.Optional;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * Spring Boot auto-configuration for Switchboard: a {@link CheckpointSaver} bean chosen by
 * {@code switchboard.checkpoint.saver} (by default the application's {@code DataSource}, PostgreSQL
 * or SQLite told apart by its metadata, with the saver's tables created or migrated at startup;
 * memory without one), a long-term memory {@link Store} chosen the same way by {@code
 * switchboard.store.kind}, and a {@link SwitchboardGraphs} that builds generated graphs with them.
 * An application's own {@code CheckpointSaver} or {@code Store} bean replaces the chosen one.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@EnableConfigurationProperties(SwitchboardProperties.class)
public class SwitchboardAutoConfiguration {

    /** Creates the auto-configuration; Spring Boot does. Fails on a Jackson 3 older than 3.1.7. */
    public SwitchboardAutoConfiguration() {
        JacksonVersion.check();
    }

    /**
     * The checkpoint saver, unless the application declares one or {@code
     * switchboard.checkpoint.saver=none}.
     *
     * @param properties the {@code switchboard.*} properties
     * @param dataSources the application's data source, if it has exactly one
     * @return the saver; Spring closes it on shutdown (a data source stays open)
     */
    @Bean
    @ConditionalOnMissingBean(CheckpointSaver.class)
    @Conditional(SaverEnabledCondition.class)
    public CheckpointSaver switchboardCheckpointSaver(
            SwitchboardProperties properties, ObjectProvider<DataSource> dataSources) {
        SwitchboardProperties.Checkpoint checkpoint = properties.getCheckpoint();
        SaverKind kind = checkpoint.getSaver();
        DataSource dataSource = dataSources.getIfUnique();
        switch (kind) {
            case MEMORY:
                return new MemorySaver();
            case SQLITE:
                JdbcSavers.noSchema(properties.getSchema());
                return JdbcSavers.sqliteFile(checkpoint.getSqliteFile());
            case JDBC:
                if (dataSource == null) {
                    throw new IllegalStateException("switchboard.checkpoint.saver=jdbc needs one DataSource bean;"
                            + " the context has none or several. Configure spring.datasource.url, or set"
                            + " switchboard.checkpoint.saver to sqlite or memory.");
                }
                return JdbcSavers.fromDataSource(dataSource, properties.getSchema());
            default:
                return dataSource == null
                        ? new MemorySaver()
                        : JdbcSavers.fromDataSource(dataSource, properties.getSchema());
        }
    }

    /**
     * The long-term memory store nodes reach with {@code ctx.store()}, chosen by {@code
     * switchboard.store.kind} like the saver (by default on the application's DataSource, else in
     * memory), unless the application declares one or sets the kind to {@code none}.
     *
     * @param properties the {@code switchboard.*} properties
     * @param dataSources the application's data source, if it has exactly one
     * @return the store; Spring closes it on shutdown
     */
    @Bean
    @ConditionalOnMissingBean(Store.class)
    @Conditional(StoreEnabledCondition.class)
    public Store switchboardStore(SwitchboardProperties properties, ObjectProvider<DataSource> dataSources) {
        SwitchboardProperties.StoreProperties store = properties.getStore();
        DataSource dataSource = dataSources.getIfUnique();
        switch (store.getKind()) {
            case MEMORY:
                return new InMemoryStore();
            case SQLITE:
                JdbcSavers.noSchema(properties.getSchema());
                return JdbcSavers.storeFile(store.getSqliteFile());
            case JDBC:
                if (dataSource == null) {
                    throw new IllegalStateException("switchboard.store.kind=jdbc needs one DataSource bean;"
                            + " the context has none or several. Configure spring.datasource.url, or set"
                            + " switchboard.store.kind to sqlite or memory.");
                }
                return JdbcSavers.storeFromDataSource(dataSource, properties.getSchema());
            default:
                return dataSource == null
                        ? new InMemoryStore()
                        : JdbcSavers.storeFromDataSource(dataSource, properties.getSchema());
        }
    }

    /**
     * The factory that builds generated graphs with the context's saver and customizers.
     *
     * @param saver the saver, absent when checkpoints are off
     * @param store the store, absent when there is none
     * @param customizers every customizer bean, in {@code @Order}
     * @param listeners every run listener bean, in {@code @Order}
     * @return the factory
     */
    @Bean
    @ConditionalOnMissingBean
    public SwitchboardGraphs switchboardGraphs(
            ObjectProvider<CheckpointSaver> saver,
            ObjectProvider<Store> store,
            ObjectProvider<SwitchboardBuilderCustomizer> customizers,
            ObjectProvider<RunListener> listeners) {
        return new SwitchboardGraphs(
                Optional.ofNullable(saver.getIfUnique()),
                Optional.ofNullable(store.getIfUnique()),
                customizers.orderedStream().toList(),
                listeners.orderedStream().toList());
    }
}
