package dev.switchboard.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.NodeInput;
import dev.switchboard.processor.model.NodeModel;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Types;

/**
 * Generates {@code XGraph.Sends}: one static factory per node that takes a payload, returning a
 * {@code Send} typed with that node's parameter, so a route or a {@code Command} that cannot declare
 * the payload type ({@code Object}, {@code Command.send}) still cannot send the wrong one. A factory
 * is named after its node, or after the node's method when the name is not a Java identifier.
 */
final class SendsGenerator {
    /** Static methods that would clash with an instance method every class inherits from {@code Object}. */
    private static final Set<String> OBJECT_METHODS = Set.of("equals(java.lang.Object)", "wait(long)");

    private final Types types;

    SendsGenerator(Types types) {
        this.types = types;
    }

    /** The {@code Sends} type, or empty when no node takes a payload. */
    Optional<TypeSpec> generate(GraphModel g, ClassName self) {
        TypeSpec.Builder sends = TypeSpec.classBuilder("Sends")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc(
                        "Typed {@link $T}s to the nodes of {@link $T} that take a payload.\nEach factory's"
                                + " parameter is its node's, so javac checks the payload that would otherwise fail\n"
                                + "with a {@code ClassCastException} in the run.\n",
                        ClassNames.SEND,
                        self)
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .build());
        Set<String> taken = new HashSet<>(OBJECT_METHODS);
        boolean any = false;
        for (NodeModel n : g.nodes()) {
            if (n.input().kind() != NodeInput.Kind.PAYLOAD) {
                continue;
            }
            String name = SourceVersion.isIdentifier(n.name()) && !SourceVersion.isKeyword(n.name())
                    ? n.name()
                    : n.method().getSimpleName().toString();
            // Overloads of one name are fine unless their parameters erase alike.
            if (taken.add(name + "(" + types.erasure(n.input().type()) + ")")) {
                sends.addMethod(factory(n, name));
                any = true;
            }
        }
        return any ? Optional.of(sends.build()) : Optional.empty();
    }

    private static MethodSpec factory(NodeModel n, String name) {
        TypeName payload = TypeName.get(n.input().type());
        return MethodSpec.methodBuilder(name)
                .addJavadoc(
                        "A {@link $T} that runs node {@code $L} with {@code payload} as its parameter.\n\n"
                                + "@param payload the node's input\n@return the send\n",
                        ClassNames.SEND,
                        n.name().replace("*/", "*&#47;"))
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(payload, "payload")
                .returns(ParameterizedTypeName.get(ClassNames.SEND, payload.box()))
                .addStatement("return $T.to($S, payload)", ClassNames.SEND, n.name())
                .build();
    }
}
