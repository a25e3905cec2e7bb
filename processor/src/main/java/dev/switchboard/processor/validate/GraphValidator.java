package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.GraphModel;

/** Runs every graph rule over a model and returns one report with all their findings. */
public final class GraphValidator {
    private final StructureRules structure = new StructureRules();
    private final SignatureRules signatures;
    private final FamilyRules family;
    private final PolicyRules policies = new PolicyRules();
    private final HandlerRules handlers;
    private final ContextRules context;

    public GraphValidator(TypeCheck check) {
        this.signatures = new SignatureRules(check);
        this.family = new FamilyRules(check);
        this.handlers = new HandlerRules(check);
        this.context = new ContextRules(check);
    }

    public Report validate(GraphModel graph) {
        Report report = new Report();
        family.check(graph, report);
        signatures.check(graph, report);
        structure.check(graph, report);
        policies.check(graph, report);
        handlers.check(graph, report);
        context.check(graph, report);
        return report;
    }
}
