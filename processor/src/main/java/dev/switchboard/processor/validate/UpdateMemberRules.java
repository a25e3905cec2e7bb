package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.RuntimeNames;
import dev.switchboard.processor.model.StateModel;
import java.util.HashMap;
import java.util.Map;
import javax.lang.model.type.TypeMirror;

/**
 * The generated {@code XUpdate} names a field, a "was set" flag and a setter after each component
 * (and an {@code overwriteX} setter after each reducer component), next to its own {@code of},
 * {@code also}, {@code schema} and {@code writeTo}. Generated code refers to fields through
 * {@code this.}, so no parameter or local hides them; what is left are members that would be
 * declared twice or override a method by accident ({@code overwriteMessages} next to a reducer
 * {@code messages}, {@code a$set} next to {@code a}, {@code equals} of type {@code Object}), and
 * those are reported on the component.
 */
final class UpdateMemberRules {
    /** Methods every update has that take one argument, as {@code name(erasure)}. */
    private static final Map<String, String> FIXED = Map.of(
            "also(" + RuntimeNames.STATE_UPDATE + ")",
            "its own also(StateUpdate)",
            "writeTo(" + RuntimeNames.RUNTIME + ".spi.WriteSink)",
            "its own writeTo(WriteSink)",
            "equals(java.lang.Object)",
            "equals(Object), which every object has",
            "wait(long)",
            "wait(long), which every object has");

    private final TypeCheck check;

    UpdateMemberRules(TypeCheck check) {
        this.check = check;
    }

    void check(StateModel state, Report report) {
        Map<String, String> fields = new HashMap<>();
        Map<String, String> methods = new HashMap<>(FIXED);
        String update = Strings.simple(state.updateName());
        for (ComponentModel c : state.components()) {
            if (c.isManaged()) {
                continue;
            }
            Clash clash = new Clash(state, c, update, report);
            String name = c.name();
            clash.declare(fields, name, "field " + name, "the field of component " + name);
            clash.declare(fields, name + "$set", "field " + name + "$set", "the set-flag of component " + name);
            String type = Strings.type(c.type());
            clash.declare(
                    methods,
                    signature(name, c.type()),
                    "setter " + name + "(" + type + ")",
                    "the setter of component " + name);
            if (c.kind() == ComponentModel.Kind.REDUCER) {
                String overwrite = "overwrite" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
                clash.declare(
                        fields,
                        name + "$overwrite",
                        "field " + name + "$overwrite",
                        "the overwrite-flag of component " + name);
                clash.declare(
                        methods,
                        signature(overwrite, c.type()),
                        "setter " + overwrite + "(" + type + ")",
                        "the overwrite setter of reducer component " + name);
            }
        }
    }

    private String signature(String name, TypeMirror type) {
        return name + "(" + check.types().erasure(type) + ")";
    }

    /** Declares one component's members, reporting the first that is taken. */
    private record Clash(StateModel state, ComponentModel c, String update, Report report) {
        void declare(Map<String, String> taken, String key, String member, String owner) {
            String previous = taken.putIfAbsent(key, owner);
            if (previous != null) {
                report.error(
                        Message.UPDATE_MEMBER_CLASH,
                        c.element(),
                        c.name(),
                        state.simpleName(),
                        member,
                        previous,
                        update);
            }
        }
    }
}
