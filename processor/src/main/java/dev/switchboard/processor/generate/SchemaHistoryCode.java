package dev.switchboard.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.StoredTypes;
import dev.switchboard.processor.schema.History;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Types;

/**
 * Writes a graph's {@link History} as the {@code SchemaHistory} its {@code GraphDefinition}
 * declares: the version, the renames, and each migration with the channels it reads (the older
 * version's kinds and reducers, the types of the record the method takes) and a lambda that builds
 * that record, calls the method and returns the components of its result.
 */
final class SchemaHistoryCode {
    private final ChannelsGenerator channels;
    private final StoredTypes stored;

    SchemaHistoryCode(Types types) {
        this.stored = new StoredTypes(types);
        this.channels = new ChannelsGenerator(types, stored);
    }

    /** The {@code .schema(...)} call of the graph definition; empty for a first version. */
    CodeBlock of(History h, TypeElement graph) {
        if (h.isEmpty()) {
            return CodeBlock.of("");
        }
        CodeBlock.Builder b = CodeBlock.builder()
                .add("\n.schema($T.builder($L)", ClassNames.SCHEMA_HISTORY, h.version())
                .indent();
        for (History.Rename r : h.channelRenames()) {
            b.add("\n.renameChannel($L, $S, $S)", r.from(), r.old(), r.now());
        }
        for (History.Rename r : h.nodeRenames()) {
            b.add("\n.renameNode($L, $S, $S)", r.from(), r.old(), r.now());
        }
        for (History.Plan p : h.migrations()) {
            b.add("\n.migration($L)", migration(p, graph));
        }
        return b.add("\n.build())").unindent().build();
    }

    private CodeBlock migration(History.Plan p, TypeElement graph) {
        ClassName migration = ClassNames.SCHEMA_HISTORY.nestedClass("Migration");
        CodeBlock.Builder b =
                CodeBlock.builder().add("new $T(", migration).indent().add("\n$L,\n$L,", p.from(), p.to());
        b.add("\n$L,", specs(p.reads()));
        Found reads = found(p.reads());
        b.add("\n$L,\n$L,", reads.sealed, reads.codecs);
        b.add("\n$L,", names(p.writes()));
        if (p.toCurrent()) {
            b.add("\nnull,\n$T.of(),\n$T.of(),", ClassNames.LIST, ClassNames.LIST);
        } else {
            Found writes = found(p.writes());
            b.add("\n$L,\n$L,\n$L,", specs(p.writes()), writes.sealed, writes.codecs);
        }
        return b.add("\n$L)", convert(p, graph)).unindent().build();
    }

    private CodeBlock specs(List<History.Channel> list) {
        CodeBlock.Builder b = CodeBlock.builder().add("$T.of(", ClassNames.LIST).indent();
        for (int i = 0; i < list.size(); i++) {
            History.Channel c = list.get(i);
            ComponentModel model =
                    new ComponentModel(c.name(), c.type(), c.kind(), c.reducer(), true, false, null, null, List.of());
            b.add(i == 0 ? "\n$L" : ",\n$L", channels.channelSpec(model));
        }
        return b.add(")").unindent().build();
    }

    private static CodeBlock names(List<History.Channel> list) {
        CodeBlock.Builder b = CodeBlock.builder().add("$T.of(", ClassNames.LIST);
        for (int i = 0; i < list.size(); i++) {
            b.add(i == 0 ? "$S" : ", $S", list.get(i).name());
        }
        return b.add(")").build();
    }

    /** The sealed types and codecs the channels' types hold. */
    private record Found(CodeBlock sealed, CodeBlock codecs) {}

    private Found found(List<History.Channel> list) {
        Map<TypeElement, StoredTypes.Sealed> sealed = new LinkedHashMap<>();
        Map<String, TypeElement> codecs = new LinkedHashMap<>();
        for (History.Channel c : list) {
            StoredTypes.Findings f = stored.walk(c.type());
            f.sealed().forEach(s -> sealed.putIfAbsent(s.base(), s));
            f.codecs().forEach(e -> codecs.putIfAbsent(e.getQualifiedName().toString(), e));
        }
        CodeBlock.Builder s = CodeBlock.builder().add("$T.of(", ClassNames.LIST);
        boolean first = true;
        for (StoredTypes.Sealed t : sealed.values()) {
            s.add(first ? "$L" : ", $L", SealedTypeCode.of(t));
            first = false;
        }
        CodeBlock.Builder k = CodeBlock.builder().add("$T.of(", ClassNames.LIST);
        first = true;
        for (TypeElement codec : codecs.values()) {
            k.add(first ? "new $T()" : ", new $T()", ClassName.get(codec));
            first = false;
        }
        return new Found(s.add(")").build(), k.add(")").build());
    }

    /** {@code values -> { R r = requireNonNull(G.m(new T(...))); return new Object[] {r.a(), ...}; }} */
    private static CodeBlock convert(History.Plan p, TypeElement graph) {
        CodeBlock.Builder args = CodeBlock.builder();
        List<? extends RecordComponentElement> takes = p.takes().getRecordComponents();
        for (int i = 0; i < takes.size(); i++) {
            args.add(i == 0 ? "$L" : ", $L", ValueReads.of(takes.get(i).asType(), i));
        }
        CodeBlock.Builder out = CodeBlock.builder();
        for (int i = 0; i < p.writes().size(); i++) {
            out.add(i == 0 ? "r.$N()" : ", r.$N()", p.writes().get(i).name());
        }
        String what = "@Migration(from = " + p.from() + ") " + p.method().getSimpleName() + "() returned null";
        return CodeBlock.builder()
                .add("values -> {\n")
                .indent()
                .addStatement(
                        "$T r = $T.requireNonNull($T.$N(new $T($L)), $S)",
                        ClassName.get(p.returns()),
                        ClassNames.OBJECTS,
                        ClassName.get(graph),
                        p.method().getSimpleName(),
                        ClassName.get(p.takes()),
                        args.build(),
                        what)
                .addStatement("return new Object[] {$L}", out.build())
                .unindent()
                .add("}")
                .build();
    }

    /** Whether the history's code holds unchecked casts (a migration reading a parameterized type). */
    static boolean unchecked(History h) {
        for (History.Plan p : h.migrations()) {
            for (RecordComponentElement c : p.takes().getRecordComponents()) {
                if (ValueReads.unchecked(c.asType())) {
                    return true;
                }
            }
        }
        return false;
    }
}
