package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.model.RuntimeNames;
import dev.switchboard.processor.model.StateModel;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/** Checks a state record: its channel annotations, reducers, managed values and accessibility. */
public final class StateRules {
    private final TypeCheck check;
    private final UpdateMemberRules updateMembers;

    public StateRules(TypeCheck check) {
        this.check = check;
        this.updateMembers = new UpdateMemberRules(check);
    }

    public void check(StateModel state, Report report) {
        TypeElement record = state.element();
        if (check.element(RuntimeNames.STATE_UPDATE).isEmpty()) {
            // Every generated file extends or uses runtime types; without them each would fail.
            report.error(Message.RUNTIME_MISSING, record, RuntimeNames.STATE_UPDATE);
            return;
        }
        if (!record.getTypeParameters().isEmpty()) {
            report.error(Message.GENERIC_RECORD, record, state.simpleName());
        }
        if (isPrivate(record)) {
            report.error(Message.PRIVATE_RECORD, record, state.qualifiedName());
        }
        for (ComponentModel c : state.components()) {
            for (AnnotationMirror conflict : c.conflicting()) {
                report.error(
                        Message.CONFLICTING_CHANNEL_ANNOTATIONS,
                        c.element(),
                        conflict,
                        Mirrors.simpleName(conflict),
                        c.name(),
                        Mirrors.simpleName(c.annotation()));
            }
            switch (c.kind()) {
                case REDUCER -> checkImpl(state, c, RuntimeNames.REDUCER, true, report);
                case MANAGED -> checkImpl(state, c, RuntimeNames.MANAGED_VALUE, false, report);
                case TOPIC -> checkTopic(c, report);
                default -> {}
            }
        }
        updateMembers.check(state, report);
    }

    private void checkImpl(StateModel state, ComponentModel c, String ifaceName, boolean reducer, Report report) {
        TypeElement impl = c.impl();
        if (impl == null) {
            checkNamedType(state, c, reducer, report);
            return;
        }
        Optional<TypeElement> iface = check.element(ifaceName);
        if (iface.isEmpty()) {
            report.error(Message.RUNTIME_MISSING, c.element(), c.annotation(), ifaceName);
            return;
        }
        String implName = impl.getSimpleName().toString();
        Optional<TypeMirror> arg = check.argumentOf(impl, iface.get());
        if (arg.isEmpty()) {
            Message m = reducer ? Message.REDUCER_NOT_A_REDUCER : Message.MANAGED_NOT_MANAGED;
            report.error(
                    m, c.element(), c.annotation(), implName, c.name(), implName, Strings.type(check.boxed(c.type())));
            return;
        }
        if (!check.fits(arg.get(), c.type())) {
            String produced = Strings.type(arg.get());
            String component = Strings.type(c.type());
            if (reducer) {
                report.error(
                        Message.REDUCER_WRONG_TYPE,
                        c.element(),
                        c.annotation(),
                        implName,
                        c.name(),
                        implName,
                        produced,
                        component,
                        Strings.type(check.boxed(c.type())));
            } else {
                report.error(
                        Message.MANAGED_WRONG_TYPE,
                        c.element(),
                        c.annotation(),
                        implName,
                        c.name(),
                        implName,
                        produced,
                        component,
                        produced);
            }
        }
        String problem = instantiationProblem(impl, GeneratedNames.packageOf(state.element()));
        if (problem != null) {
            report.error(
                    Message.IMPL_NOT_INSTANTIABLE,
                    c.element(),
                    c.annotation(),
                    reducer ? "Reducer" : "Managed",
                    implName,
                    c.name(),
                    implName,
                    problem);
        }
    }

    /** A reducer or managed class that is no class: unresolved, or a primitive or array type. */
    private void checkNamedType(StateModel state, ComponentModel c, boolean reducer, Report report) {
        Optional<TypeMirror> named = Mirrors.type(c.annotation(), "value");
        if (named.isEmpty()) {
            String update = GeneratedNames.update(state.element());
            report.error(
                    Message.IMPL_UNRESOLVED,
                    c.element(),
                    c.annotation(),
                    Mirrors.simpleName(c.annotation()),
                    c.name(),
                    update);
            return;
        }
        String type = Strings.type(named.get());
        Message m = reducer ? Message.REDUCER_NOT_A_REDUCER : Message.MANAGED_NOT_MANAGED;
        report.error(m, c.element(), c.annotation(), type, c.name(), type, Strings.type(check.boxed(c.type())));
    }

    /** Why generated code in {@code pkg} cannot call {@code new Impl()}, or {@code null}. */
    static String instantiationProblem(TypeElement impl, String pkg) {
        if (impl.getKind() != ElementKind.CLASS) {
            return "is not a class";
        }
        if (impl.getModifiers().contains(Modifier.ABSTRACT)) {
            return "is abstract";
        }
        if (impl.getNestingKind() == NestingKind.MEMBER && !impl.getModifiers().contains(Modifier.STATIC)) {
            return "is an inner (non-static) class";
        }
        if (impl.getNestingKind() == NestingKind.LOCAL || impl.getNestingKind() == NestingKind.ANONYMOUS) {
            return "is a local class";
        }
        if (isPrivate(impl)) {
            return "is private";
        }
        boolean samePackage = GeneratedNames.packageOf(impl).equals(pkg);
        for (ExecutableElement ctor : ElementFilter.constructorsIn(impl.getEnclosedElements())) {
            if (ctor.getParameters().isEmpty()) {
                Set<Modifier> mods = ctor.getModifiers();
                boolean packagePrivate = !mods.contains(Modifier.PRIVATE) && !mods.contains(Modifier.PROTECTED);
                return mods.contains(Modifier.PUBLIC) || (samePackage && packagePrivate)
                        ? null
                        : "has no accessible no-argument constructor";
            }
        }
        return "has no no-argument constructor";
    }

    private static void checkTopic(ComponentModel c, Report report) {
        boolean list = c.type() instanceof DeclaredType d
                && ((TypeElement) d.asElement()).getQualifiedName().contentEquals("java.util.List");
        if (!list) {
            report.error(Message.TOPIC_NOT_LIST, c.element(), c.annotation(), c.name(), Strings.type(c.type()));
        }
    }

    static boolean isPrivate(Element e) {
        for (Element x = e; x != null && x.getKind() != ElementKind.PACKAGE; x = x.getEnclosingElement()) {
            if (x.getModifiers().contains(Modifier.PRIVATE)) {
                return true;
            }
        }
        return false;
    }
}
