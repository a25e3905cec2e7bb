package dev.switchboard.processor.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.Fingerprint;
import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.StateModel;
import dev.switchboard.processor.model.StoredTypes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Generates {@code XChannels}: the channel map of record {@code X} (one {@code ComponentSpec} per
 * component, by index) and how to build the record from channel values.
 */
public final class ChannelsGenerator {
    private final ValueTypes valueTypes;
    private final StoredTypes stored;

    /**
     * A generator that writes component types as {@code ValueType}s with javac's {@code types}, and
     * the tag tables of the sealed interfaces they hold as {@code SealedType}s.
     */
    public ChannelsGenerator(Types types, StoredTypes stored) {
        this.valueTypes = new ValueTypes(types);
        this.stored = stored;
    }

    /** The {@code XChannels} type of a valid state record, to be written by {@link SourceWriter}. */
    public TypeSpec.Builder generate(StateModel state) {
        ClassName self =
                ClassName.get(GeneratedNames.packageOf(state.element()), GeneratedNames.channels(state.element()));
        ClassName record = ClassName.get(state.element());
        TypeName listOfSpecs = ParameterizedTypeName.get(ClassNames.LIST, ClassNames.COMPONENT_SPEC);
        CodeBlock.Builder specs =
                CodeBlock.builder().add("$T.of(", ClassNames.LIST).indent();
        List<ComponentModel> components = state.components();
        for (int i = 0; i < components.size(); i++) {
            specs.add(i == 0 ? "\n" : ",\n").add(componentSpec(components.get(i)));
        }
        specs.unindent().add(")");
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(ClassNames.STATE_SCHEMA, record))
                .addJavadoc("The channels of {@link $T}, one per component, in declaration order.\n", record)
                .addField(FieldSpec.builder(self, "SCHEMA", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The single instance.\n")
                        .initializer("new $T()", self)
                        .build())
                .addField(FieldSpec.builder(
                                String.class, Fingerprint.FIELD, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The components these channels were generated for; the processor compares it with\n"
                                + "the record to reject stale generated code at build time.\n")
                        .initializer("$S", Fingerprint.of(state))
                        .build())
                .addField(
                        FieldSpec.builder(listOfSpecs, "COMPONENTS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                                .initializer(specs.build())
                                .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .build())
                .addMethod(MethodSpec.methodBuilder("recordType")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(ParameterizedTypeName.get(ClassName.get(Class.class), record))
                        .addStatement("return $T.class", record)
                        .build())
                .addMethod(MethodSpec.methodBuilder("components")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(listOfSpecs)
                        .addStatement("return COMPONENTS")
                        .build())
                .addMethod(read(state, record));
        addSealedTypes(type, state);
        addCodecs(type, state);
        return type;
    }

    /** The tag tables of every sealed interface a stored component holds, at any depth. */
    private void addSealedTypes(TypeSpec.Builder type, StateModel state) {
        Map<TypeElement, StoredTypes.Sealed> all = new LinkedHashMap<>();
        for (ComponentModel c : state.components()) {
            if (c.kind() != ComponentModel.Kind.UNTRACKED && !c.isManaged()) {
                stored.walk(c).sealed().forEach(s -> all.putIfAbsent(s.base(), s));
            }
        }
        if (all.isEmpty()) {
            return;
        }
        TypeName listOfSealed = ParameterizedTypeName.get(ClassNames.LIST, ClassNames.SEALED_TYPE);
        CodeBlock.Builder list =
                CodeBlock.builder().add("$T.of(", ClassNames.LIST).indent();
        boolean first = true;
        for (StoredTypes.Sealed s : all.values()) {
            list.add(first ? "\n" : ",\n").add(SealedTypeCode.of(s));
            first = false;
        }
        type.addField(FieldSpec.builder(listOfSealed, "SEALED", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer(list.unindent().add(")").build())
                        .build())
                .addMethod(MethodSpec.methodBuilder("sealedTypes")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(listOfSealed)
                        .addStatement("return SEALED")
                        .build());
    }

    /** One instance of each codec a stored component needs, at any depth. */
    private void addCodecs(TypeSpec.Builder type, StateModel state) {
        Map<String, TypeElement> all = new LinkedHashMap<>();
        for (ComponentModel c : state.components()) {
            if (c.kind() != ComponentModel.Kind.UNTRACKED && !c.isManaged()) {
                stored.walk(c)
                        .codecs()
                        .forEach(e -> all.putIfAbsent(e.getQualifiedName().toString(), e));
            }
        }
        if (all.isEmpty()) {
            return;
        }
        TypeName listOfCodecs = ParameterizedTypeName.get(
                ClassNames.LIST,
                ParameterizedTypeName.get(ClassNames.VALUE_CODEC, WildcardTypeName.subtypeOf(Object.class)));
        CodeBlock.Builder list = CodeBlock.builder().add("$T.of(", ClassNames.LIST);
        boolean first = true;
        for (TypeElement codec : all.values()) {
            list.add(first ? "new $T()" : ", new $T()", ClassName.get(codec));
            first = false;
        }
        type.addField(FieldSpec.builder(listOfCodecs, "CODECS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer(list.add(")").build())
                        .build())
                .addMethod(MethodSpec.methodBuilder("codecs")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(listOfCodecs)
                        .addStatement("return CODECS")
                        .build());
    }

    private CodeBlock componentSpec(ComponentModel c) {
        CodeBlock channel = channelSpec(c);
        if (channel == null) {
            return CodeBlock.of("$T.managed($S, $L)", ClassNames.COMPONENT_SPEC, c.name(), newInstance(c.impl()));
        }
        return CodeBlock.of("$T.channel($L)", ClassNames.COMPONENT_SPEC, channel);
    }

    /** The {@code ChannelSpec} expression of a component's channel; {@code null} for a managed value. */
    CodeBlock channelSpec(ComponentModel c) {
        String n = c.name();
        CodeBlock t = valueTypes.of(c.type());
        ClassName spec = ClassNames.CHANNEL_SPEC;
        CodeBlock channel = switch (c.kind()) {
            case LAST_VALUE -> CodeBlock.of("$T.lastValue($S, $L)", spec, n, t);
            case REDUCER ->
                c.isPrimitive()
                        ? CodeBlock.of(
                                "$T.reducer($S, $L, $L).startingAt($L)",
                                spec,
                                n,
                                newInstance(c.impl()),
                                t,
                                zero(c.type()))
                        : CodeBlock.of("$T.reducer($S, $L, $L)", spec, n, newInstance(c.impl()), t);
            case UNTRACKED -> option(CodeBlock.of("$T.untracked($S, $L)", spec, n, t), !c.guard(), "unguarded");
            case TOPIC -> option(CodeBlock.of("$T.topic($S, $L)", spec, n, t), c.accumulate(), "accumulating");
            case EPHEMERAL -> option(CodeBlock.of("$T.ephemeral($S, $L)", spec, n, t), !c.guard(), "unguarded");
            case ANY_VALUE -> CodeBlock.of("$T.anyValue($S, $L)", spec, n, t);
            case LAST_VALUE_AFTER_FINISH -> CodeBlock.of("$T.lastValueAfterFinish($S, $L)", spec, n, t);
            case MANAGED -> null;
        };
        return channel;
    }

    /** A channel option by name ({@code .accumulating()}), never a positional boolean. */
    private static CodeBlock option(CodeBlock spec, boolean on, String option) {
        return on ? CodeBlock.of("$L.$N()", spec, option) : spec;
    }

    private static CodeBlock newInstance(TypeElement impl) {
        return impl.getTypeParameters().isEmpty()
                ? CodeBlock.of("new $T()", ClassName.get(impl))
                : CodeBlock.of("new $T<>()", ClassName.get(impl));
    }

    private static String zero(TypeMirror t) {
        return switch (t.getKind()) {
            case LONG -> "0L";
            case DOUBLE -> "0.0";
            case FLOAT -> "0.0f";
            case BOOLEAN -> "false";
            case CHAR -> "'\\0'";
            case SHORT -> "(short) 0";
            case BYTE -> "(byte) 0";
            default -> "0";
        };
    }

    private static MethodSpec read(StateModel state, ClassName record) {
        CodeBlock.Builder args = CodeBlock.builder();
        List<ComponentModel> components = state.components();
        boolean unchecked = false;
        for (int i = 0; i < components.size(); i++) {
            args.add(i == 0 ? "\n" : ",\n").add(ValueReads.of(components.get(i).type(), i));
            unchecked |= ValueReads.unchecked(components.get(i).type());
        }
        MethodSpec.Builder m = MethodSpec.methodBuilder("read")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .addParameter(ClassNames.VALUE_SOURCE, "values")
                .returns(record)
                .addStatement("return new $T($L)", record, args.build());
        if (unchecked) {
            m.addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
                    .addMember("value", "$S", "unchecked")
                    .build());
        }
        return m.build();
    }
}
