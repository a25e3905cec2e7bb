package dev.switchboard.spring.boot.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.SwitchboardServer;
import dev.switchboard.spring.boot.SwitchboardAutoConfiguration;
import dev.switchboard.spring.boot.SwitchboardGraphs;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;

/**
 * When the auto-configuration serves the graph beans and when it stays out of the way: without
 * graph beans, with {@code switchboard.server.enabled=false}, beside an application's own server;
 * the API mapped into Spring MVC only in a servlet web application; a clear start-up error without
 * a saver.
 */
class SwitchboardServerAutoConfigurationTest {
    private static final AutoConfigurations AUTO =
            AutoConfigurations.of(SwitchboardAutoConfiguration.class, SwitchboardServerAutoConfiguration.class);

    private final WebApplicationContextRunner web =
            new WebApplicationContextRunner().withConfiguration(AUTO).withUserConfiguration(Graphs.class);

    /** An application with one graph bean, built by the starter. */
    @Configuration(proxyBeanMethods = false)
    static class Graphs {
        @Bean
        PipelineGraph pipeline(SwitchboardGraphs graphs) {
            return graphs.build(PipelineGraph.builder(new Pipeline()));
        }
    }

    @Test
    void aServletApplicationServesItsGraphBeansThroughSpringMvc() {
        web.run(context -> {
            assertNotNull(context.getBean(SwitchboardServer.class));
            assertTrue(context.getBean(SwitchboardServerLifecycle.class).isRunning());
            MockMvc mvc = MockMvcBuilders.webAppContextSetup((WebApplicationContext) context)
                    .build();
            MvcResult ok = mvc.perform(MockMvcRequestBuilders.get("/ok")).andReturn();
            assertEquals(200, ok.getResponse().getStatus());
            MvcResult found = mvc.perform(MockMvcRequestBuilders.post("/assistants/search")
                            .contentType("application/json")
                            .content("{}"))
                    .andReturn();
            String body = found.getResponse().getContentAsString();
            assertEquals(200, found.getResponse().getStatus(), body);
            assertTrue(body.contains("\"graph_id\":\"pipeline\""), body);
        });
    }

    /** A token check and authorization handlers as beans: bob may not search assistants. */
    @Configuration(proxyBeanMethods = false)
    static class Secured {
        @Bean
        dev.switchboard.server.Authenticator authenticator() {
            return token -> java.util.Optional.of(token);
        }

        @Bean
        dev.switchboard.server.auth.Authorization authorization() {
            return dev.switchboard.server.auth.Authorization.builder()
                    .on(
                            dev.switchboard.server.auth.Resource.ASSISTANTS,
                            dev.switchboard.server.auth.Action.SEARCH,
                            r -> r.user().equals("bob")
                                    ? dev.switchboard.server.auth.Decision.deny()
                                    : dev.switchboard.server.auth.Decision.allow())
                    .build();
        }
    }

    @Test
    void anAuthorizationBeanDecidesAuthenticatedRequests() {
        web.withUserConfiguration(Secured.class).run(context -> {
            MockMvc mvc = MockMvcBuilders.webAppContextSetup((WebApplicationContext) context)
                    .build();
            for (String who : new String[] {"alice", "bob"}) {
                MvcResult r = mvc.perform(MockMvcRequestBuilders.post("/assistants/search")
                                .header("Authorization", "Bearer " + who)
                                .contentType("application/json")
                                .content("{}"))
                        .andReturn();
                assertEquals(who.equals("bob") ? 403 : 200, r.getResponse().getStatus(), who);
            }
        });
    }

    @Test
    void aNonWebApplicationGetsTheServerButNoMapping() {
        new ApplicationContextRunner()
                .withConfiguration(AUTO)
                .withUserConfiguration(Graphs.class)
                .run(context -> {
                    assertEquals(
                            1, context.getBeansOfType(SwitchboardServer.class).size());
                    assertTrue(context.getBeansOfType(ApiHandlerMapping.class).isEmpty());
                });
    }

    @Test
    void nothingIsServedWithoutGraphBeansOrWhenDisabled() {
        new WebApplicationContextRunner()
                .withConfiguration(AUTO)
                .run(context -> assertTrue(
                        context.getBeansOfType(SwitchboardServer.class).isEmpty()));
        web.withPropertyValues("switchboard.server.enabled=false").run(context -> {
            assertTrue(context.getBeansOfType(SwitchboardServer.class).isEmpty());
            assertTrue(context.getBeansOfType(ApiHandlerMapping.class).isEmpty());
        });
    }

    @Test
    void anApplicationsOwnServerReplacesTheAutoConfiguredOne() {
        SwitchboardServer own = SwitchboardServer.builder()
                .graph(
                        "mine",
                        PipelineGraph.builder(new Pipeline())
                                .checkpointer(new MemorySaver())
                                .build())
                .httpServer(false)
                .build();
        web.withBean("myServer", SwitchboardServer.class, () -> own).run(context -> {
            assertSame(own, context.getBean(SwitchboardServer.class));
            assertFalse(context.containsBean("switchboardServer"));
        });
    }

    @Test
    void withoutASaverStartupFailsNamingTheProperties() {
        web.withPropertyValues("switchboard.checkpoint.saver=none").run(context -> {
            Throwable root = context.getStartupFailure();
            assertNotNull(root, "the context started without a saver");
            while (root.getCause() != null) {
                root = root.getCause();
            }
            assertTrue(
                    root.getMessage().contains("set switchboard.checkpoint.saver to auto, jdbc, sqlite or memory"),
                    root.getMessage());
            assertTrue(root.getMessage().contains("switchboard.server.enabled=false"), root.getMessage());
        });
    }
}
