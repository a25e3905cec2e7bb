package dev.switchboard.processor.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/**
 * A graph class: its nodes, edges, joins, routes and error handlers, and the records that form its
 * state.
 *
 * @param element the graph class
 * @param name the graph name
 * @param graphAnnotation its {@code @Graph}, or {@code null}
 * @param state the state record, or {@code null} if none could be determined
 * @param stateOrigin where the state came from, for messages ("@Graph(state)", "node classify()")
 * @param input the input record (the state when not declared)
 * @param output the output record (the state when not declared)
 * @param privateState records declared with {@code @Graph(privateState)}
 * @param nonRecords {@code @Graph} members naming types that are not records
 * @param nodes the nodes in declaration order
 * @param edges the static edges
 * @param joins the joins
 * @param routes the routes in declaration order
 * @param strays misplaced annotations
 * @param handlers the {@code @OnError} methods in declaration order
 * @param handlerByNode the first of {@code handlers} for each node name they name
 * @param context the {@code @Graph(context)} type, or {@code null} when the graph declares none
 */
public record GraphModel(
        TypeElement element,
        String name,
        AnnotationMirror graphAnnotation,
        StateModel state,
        String stateOrigin,
        StateModel input,
        StateModel output,
        List<StateModel> privateState,
        List<GraphMember> nonRecords,
        List<NodeModel> nodes,
        List<EdgeModel> edges,
        List<JoinModel> joins,
        List<RouteModel> routes,
        List<Stray> strays,
        List<HandlerModel> handlers,
        Map<String, HandlerModel> handlerByNode,
        TypeMirror context,
        String description) {

    public Optional<NodeModel> node(String name) {
        return nodes.stream().filter(n -> n.name().equals(name)).findFirst();
    }

    /** The error handler of a node, if it has one. */
    public Optional<HandlerModel> handler(String node) {
        return Optional.ofNullable(handlerByNode.get(node));
    }

    public List<String> nodeNames() {
        return nodes.stream().map(NodeModel::name).toList();
    }

    /** The state, input, output, private and projection records, each once, state first. */
    public List<StateModel> family() {
        List<StateModel> out = new ArrayList<>();
        add(out, state);
        add(out, input);
        add(out, output);
        privateState.forEach(s -> add(out, s));
        for (NodeModel n : nodes) {
            if (n.input().kind() == NodeInput.Kind.PROJECTION) {
                add(out, n.input().record());
            }
        }
        return out;
    }

    private static void add(List<StateModel> out, StateModel s) {
        if (s != null && out.stream().noneMatch(o -> o.element().equals(s.element()))) {
            out.add(s);
        }
    }
}
