package dev.switchboard.agent.middleware;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.HookResult;
import dev.switchboard.agent.ToolResult;
import dev.switchboard.agent.middleware.ApprovalRequest.ActionRequest;
import dev.switchboard.agent.middleware.ApprovalRequest.ReviewConfig;
import dev.switchboard.agent.middleware.ApprovalResponse.Decision;
import dev.switchboard.annotation.AfterModel;
import dev.switchboard.annotation.JumpTo;
import dev.switchboard.annotation.Middleware;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.NodeContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Human in the loop per tool, LangChain's {@code humanInTheLoopMiddleware}: after each model call
 * whose reply asks for reviewed tools, the run pauses (its node is {@code
 * HumanInTheLoopMiddleware.after_model}) with one {@link ApprovalRequest} listing every reviewed call,
 * and resumes with an {@link ApprovalResponse}: one decision per call, in order. Approved calls run as
 * made, edited calls run with the reviewer's name and arguments (the AI message in the state is
 * rewritten; an edited argument sent as text where the call had a number, boolean, object or array
 * is read back as that kind when it parses as one, since agent-chat-ui's review form edits every
 * argument as text), and a rejection answers its call with an error result (the reviewer's message, or
 * {@code "User rejected the tool call for `<tool>` with id <id>"}) instead of running it. Calls of
 * tools not listed run without review and move to the front of the AI message's calls, as do calls
 * another middleware already answered (a call limit's refusal): they never run, so nobody reviews them.
 *
 * <p>As in LangChain.js, one rejection stops the whole message: the approved and edited calls of the
 * same message are dropped (never run) and the agent goes back to the model with the rejections.
 * A response with the wrong number of decisions, or a decision the tool does not allow, fails the run.
 */
@Middleware(name = HumanInTheLoop.NAME)
public final class HumanInTheLoop {
    /** The middleware's name, as LangChain names it. */
    public static final String NAME = "HumanInTheLoopMiddleware";

    private final Map<String, ToolReview> reviews;
    private final String descriptionPrefix;

    private HumanInTheLoop(Builder b) {
        this.reviews = Map.copyOf(b.reviews);
        this.descriptionPrefix = b.descriptionPrefix;
    }

    /**
     * Starts a configuration.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @AfterModel(canJumpTo = JumpTo.MODEL)
    HookResult afterModel(AgentState<?> state, NodeContext context) {
        Message last = state.lastAiMessage().orElse(null);
        AiMessage ai = last == null ? null : (AiMessage) last.chat();
        if (ai == null || !ai.hasToolExecutionRequests()) {
            return HookResult.none();
        }
        Set<String> answered = answered(state.messages());
        List<ToolExecutionRequest> reviewed = new ArrayList<>();
        List<ToolExecutionRequest> auto = new ArrayList<>();
        for (ToolExecutionRequest call : ai.toolExecutionRequests()) {
            ToolReview r = reviews.get(call.name());
            boolean review = r != null && r.applies(call) && !answered.contains(call.id());
            (review ? reviewed : auto).add(call);
        }
        if (reviewed.isEmpty()) {
            return HookResult.none();
        }
        List<Parsed> decisions = decisions(context.interrupt(request(reviewed), Object.class));
        if (decisions.size() != reviewed.size()) {
            throw new IllegalArgumentException("Number of human decisions (" + decisions.size()
                    + ") does not match number of hanging tool calls (" + reviewed.size() + ").");
        }
        boolean rejected = decisions.stream().anyMatch(d -> "reject".equals(d.type()));
        List<ToolExecutionRequest> revised = new ArrayList<>(auto);
        List<Message> rejections = new ArrayList<>();
        for (int i = 0; i < decisions.size(); i++) {
            Decision d = decisions
                    .get(i)
                    .allowedBy(reviewed.get(i), reviews.get(reviewed.get(i).name()));
            ToolExecutionRequest call = reviewed.get(i);
            ToolExecutionRequest kept = apply(d, call, rejections);
            if (!rejected || d.type() == ReviewDecision.REJECT) {
                revised.add(kept);
            }
        }
        List<Message> out = new ArrayList<>();
        out.add(Message.of(
                last.id(), ai.toBuilder().toolExecutionRequests(revised).build()));
        out.addAll(rejections);
        HookResult result = HookResult.messages(out);
        return rejected ? result.withJump(JumpTo.MODEL) : result;
    }

    /** The ids of calls already answered: another middleware (a call limit) answered them, so they never run. */
    private static Set<String> answered(List<Message> messages) {
        Set<String> ids = new HashSet<>();
        for (Message m : messages) {
            if (!m.isRemoval() && m.chat() instanceof ToolExecutionResultMessage t && t.id() != null) {
                ids.add(t.id());
            }
        }
        return ids;
    }

    private ApprovalRequest request(List<ToolExecutionRequest> calls) {
        List<ActionRequest> actions = new ArrayList<>();
        List<ReviewConfig> configs = new ArrayList<>();
        for (ToolExecutionRequest call : calls) {
            ToolReview review = reviews.get(call.name());
            Map<String, Object> args = Json.args(call.arguments());
            String description = review.description(call);
            if (description == null) {
                description = descriptionPrefix + "\n\nTool: " + call.name() + "\nArgs: " + Json.indented(args);
            }
            actions.add(new ActionRequest(call.name(), args, description));
            configs.add(new ReviewConfig(call.name(), review.allowed()));
        }
        return new ApprovalRequest(actions, configs);
    }

    private static ToolExecutionRequest apply(Decision d, ToolExecutionRequest call, List<Message> rejections) {
        return switch (d.type()) {
            case APPROVE -> call;
            case EDIT ->
                ToolExecutionRequest.builder()
                        .id(call.id())
                        .name(d.editedAction().name())
                        .arguments(Json.compact(
                                d.editedAction().name().equals(call.name())
                                        ? Json.retyped(
                                                Json.args(call.arguments()),
                                                d.editedAction().args())
                                        : d.editedAction().args()))
                        .build();
            case REJECT -> {
                String text = d.message() != null
                        ? d.message()
                        : "User rejected the tool call for `" + call.name() + "` with id " + call.id();
                rejections.add(ToolResult.error(call, text).message().orElseThrow());
                yield call;
            }
        };
    }

    /**
     * One decision as the reviewer sent it: its type as written, and the decision when the type is
     * known; checked against the tool's review before it is applied.
     */
    private record Parsed(String type, Decision decision, Object raw) {
        Decision allowedBy(ToolExecutionRequest call, ToolReview review) {
            if (decision == null || !review.allowed().contains(decision.type())) {
                throw new IllegalArgumentException(
                        "Unexpected human decision: " + Json.compact(raw) + ". Decision type '"
                                + type + "' is not allowed for tool '" + call.name() + "'. Expected one of "
                                + Json.compact(review.allowed()) + " based on the tool's configuration.");
            }
            return decision;
        }
    }

    /** The decisions of a resume value: an {@link ApprovalResponse}, or its JSON form as maps. */
    private static List<Parsed> decisions(Object resume) {
        List<Parsed> out = new ArrayList<>();
        if (resume instanceof ApprovalResponse r) {
            for (Decision d : r.decisions()) {
                out.add(new Parsed(d.type().wireName(), d, d));
            }
            return out;
        }
        Object list = resume instanceof Map<?, ?> m ? m.get("decisions") : null;
        if (!(list instanceof List<?> items)) {
            throw new IllegalArgumentException("Invalid HITLResponse: decisions must be a non-empty array; resume with"
                    + " {\"decisions\": [...]} (an ApprovalResponse), got " + resume);
        }
        for (Object item : items) {
            Map<?, ?> m = item instanceof Map<?, ?> map ? map : Map.of();
            String type = String.valueOf(m.get("type"));
            ReviewDecision known = ReviewDecision.ofWire(type);
            out.add(new Parsed(type, known == null ? null : decision(known, m, item), item));
        }
        return out;
    }

    private static Decision decision(ReviewDecision type, Map<?, ?> m, Object item) {
        return switch (type) {
            case APPROVE -> Decision.approve();
            case REJECT -> m.get("message") instanceof String text ? Decision.reject(text) : Decision.reject();
            case EDIT -> edit(m, item);
        };
    }

    @SuppressWarnings("unchecked")
    private static Decision edit(Map<?, ?> m, Object item) {
        Object action = m.containsKey("edited_action") ? m.get("edited_action") : m.get("editedAction");
        if (!(action instanceof Map<?, ?> a) || !(a.get("name") instanceof String name)) {
            throw new IllegalArgumentException(
                    "Invalid edited action in " + Json.compact(item) + ": name must be a string");
        }
        if (!(a.get("args") instanceof Map<?, ?> args)) {
            throw new IllegalArgumentException(
                    "Invalid edited action in " + Json.compact(item) + ": args must be an object");
        }
        return Decision.edit(name, new LinkedHashMap<>((Map<String, Object>) args));
    }

    /** Configures a {@link HumanInTheLoop}. */
    public static final class Builder {
        private final Map<String, ToolReview> reviews = new LinkedHashMap<>();
        private String descriptionPrefix = "Tool execution requires approval";

        private Builder() {}

        /**
         * Reviews every call of a tool, allowing approve, edit and reject.
         *
         * @param tool the tool's name
         * @return this builder
         */
        public Builder interruptOn(String tool) {
            return interruptOn(tool, ToolReview.all());
        }

        /**
         * Reviews calls of a tool as configured.
         *
         * @param tool the tool's name
         * @param review the review
         * @return this builder
         */
        public Builder interruptOn(String tool, ToolReview review) {
            reviews.put(Objects.requireNonNull(tool, "tool"), Objects.requireNonNull(review, "review"));
            return this;
        }

        /**
         * The first line of the default description, followed by the tool's name and arguments.
         *
         * @param prefix the prefix
         * @return this builder
         */
        public Builder descriptionPrefix(String prefix) {
            this.descriptionPrefix = Objects.requireNonNull(prefix, "prefix");
            return this;
        }

        /**
         * Builds the middleware.
         *
         * @return the middleware
         */
        public AgentMiddleware build() {
            return new HumanInTheLoopMiddleware(new HumanInTheLoop(this));
        }
    }
}
