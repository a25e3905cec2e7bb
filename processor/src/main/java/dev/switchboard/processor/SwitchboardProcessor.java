package dev.switchboard.processor;

import com.google.auto.service.AutoService;
import dev.switchboard.processor.agent.MiddlewareStep;
import dev.switchboard.processor.generate.ChannelsGenerator;
import dev.switchboard.processor.generate.GraphGenerator;
import dev.switchboard.processor.generate.SourceWriter;
import dev.switchboard.processor.generate.UpdateGenerator;
import dev.switchboard.processor.model.Fingerprint;
import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.GraphReader;
import dev.switchboard.processor.model.RuntimeNames;
import dev.switchboard.processor.model.StateModel;
import dev.switchboard.processor.model.StateReader;
import dev.switchboard.processor.model.StoredTypes;
import dev.switchboard.processor.model.WorkflowReader;
import dev.switchboard.processor.schema.SchemaStep;
import dev.switchboard.processor.tools.OutputStep;
import dev.switchboard.processor.tools.ToolsStep;
import dev.switchboard.processor.validate.Diagnostic;
import dev.switchboard.processor.validate.GraphValidator;
import dev.switchboard.processor.validate.Message;
import dev.switchboard.processor.validate.Report;
import dev.switchboard.processor.validate.StateRules;
import dev.switchboard.processor.validate.StorageRules;
import dev.switchboard.processor.validate.TypeCheck;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic.Kind;

/**
 * The Switchboard annotation processor: for every state record it generates {@code XUpdate} and
 * {@code XChannels}; for every class with {@code @Node} methods it validates the graph and
 * generates {@code XGraph}. Errors are reported on the offending element and never stop the
 * processing of other elements.
 *
 * <p>Graph classes mention update types generated in the same compilation; a graph whose
 * signatures still hold unresolved types is retried in the next round, after the records it
 * mentions have been generated.
 */
@AutoService(Processor.class)
public final class SwitchboardProcessor extends AbstractProcessor {
    private static final List<String> RECORD_ANNOTATIONS = List.of(
            RuntimeNames.REDUCER_ANNOTATION, RuntimeNames.MANAGED, RuntimeNames.UNTRACKED, RuntimeNames.CHANNEL);
    private static final List<String> GRAPH_ANNOTATIONS = List.of(
            RuntimeNames.NODE,
            RuntimeNames.EDGE,
            RuntimeNames.EDGES,
            RuntimeNames.JOIN,
            RuntimeNames.ROUTE,
            RuntimeNames.GRAPH,
            RuntimeNames.RETRY,
            RuntimeNames.TIMEOUT,
            RuntimeNames.CACHE,
            RuntimeNames.ON_ERROR);
    private static final String GENERATED = "javax.annotation.processing.Generated";

    private final Set<String> deferred = new LinkedHashSet<>();
    private final Set<String> generated = new HashSet<>();
    private final Set<String> sourceTypes = new HashSet<>();
    private final Map<String, Boolean> recordsOk = new HashMap<>();
    private final NameClaims claims = new NameClaims();

    private StateReader states;
    private GraphReader graphs;
    private StateRules stateRules;
    private StorageRules storageRules;
    private GraphValidator graphValidator;
    private SourceWriter writer;
    private DiagnosticPrinter printer;
    private ToolsStep tools;
    private SchemaStep schemas;
    private OutputStep outputs;
    private MiddlewareStep middleware;
    private WorkflowStep workflows;

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        TypeCheck check = new TypeCheck(env);
        this.states = new StateReader(env);
        this.graphs = new GraphReader(env);
        this.stateRules = new StateRules(check);
        this.storageRules = new StorageRules(new StoredTypes(env));
        this.graphValidator = new GraphValidator(check);
        this.writer = new SourceWriter(env.getFiler());
        this.printer = new DiagnosticPrinter(env);
        this.tools = new ToolsStep(env, writer);
        this.schemas = new SchemaStep(env);
        this.outputs = new OutputStep(env, writer);
        this.middleware = new MiddlewareStep(env, writer);
        this.workflows = new WorkflowStep(env, writer);
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        Set<String> all = new LinkedHashSet<>(RECORD_ANNOTATIONS);
        all.addAll(GRAPH_ANNOTATIONS);
        all.add(RuntimeNames.TAG); // read with the sealed interfaces that hold the tagged records
        all.add(RuntimeNames.CODEC); // read with the stored types and components that name a codec
        all.add(RuntimeNames.RENAMED_FROM); // read with the graph's stored schema
        all.add(RuntimeNames.MIGRATION);
        all.add(GENERATED);
        all.addAll(ToolsStep.ANNOTATIONS);
        all.addAll(OutputStep.ANNOTATIONS);
        all.addAll(MiddlewareStep.ANNOTATIONS);
        all.addAll(WorkflowStep.ANNOTATIONS);
        return all;
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(SchemaStep.OPTION);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        for (Element root : round.getRootElements()) {
            collectSourceTypes(root);
        }
        for (TypeElement record : annotatedRecords(round)) {
            safely(record, () -> processRecord(record, record));
        }
        Set<TypeElement> graphClasses = new LinkedHashSet<>();
        for (String name : deferred) {
            TypeElement t = processingEnv.getElementUtils().getTypeElement(name);
            if (t != null) {
                graphClasses.add(t);
            }
        }
        graphClasses.addAll(annotatedGraphs(round));
        for (TypeElement graph : graphClasses) {
            safely(graph, () -> processGraph(graph));
        }
        for (TypeElement toolsClass : tools.classes(round)) {
            safely(toolsClass, () -> {
                print(tools.process(toolsClass, sourceTypes::contains));
                return true;
            });
        }
        for (TypeElement output : outputs.types(round)) {
            safely(output, () -> {
                print(outputs.process(output, sourceTypes::contains));
                return true;
            });
        }
        for (TypeElement m : middleware.classes(round)) {
            safely(m, () -> {
                print(middleware.process(m, sourceTypes::contains, this::processRecord));
                return true;
            });
        }
        for (TypeElement w : workflows.classes(round)) {
            safely(w, () -> {
                print(workflows.process(w, sourceTypes::contains));
                return true;
            });
        }
        if (round.processingOver()) {
            reportUnresolved();
        }
        // Claim our annotations, and @Generated while only our own files carry it: unclaimed
        // annotations make javac's -Xlint:processing warn in user builds that compile with -Werror.
        // A round holding another generator's @Generated types is left unclaimed for its processor.
        return onlyOwnGenerated(round);
    }

    private boolean onlyOwnGenerated(RoundEnvironment round) {
        TypeElement annotation = processingEnv.getElementUtils().getTypeElement(GENERATED);
        if (annotation == null) {
            return true;
        }
        for (Element e : round.getElementsAnnotatedWith(annotation)) {
            if (!(e instanceof TypeElement t)
                    || !(generated.contains(t.getQualifiedName().toString())
                            || tools.wrote(t.getQualifiedName().toString())
                            || outputs.wrote(t.getQualifiedName().toString())
                            || middleware.wrote(t.getQualifiedName().toString())
                            || workflows.wrote(t.getQualifiedName().toString()))) {
                return false;
            }
        }
        return true;
    }

    private void collectSourceTypes(Element e) {
        if (e instanceof TypeElement t) {
            sourceTypes.add(t.getQualifiedName().toString());
            for (Element inner : t.getEnclosedElements()) {
                collectSourceTypes(inner);
            }
        }
    }

    private Set<TypeElement> annotatedRecords(RoundEnvironment round) {
        Set<TypeElement> out = new LinkedHashSet<>();
        for (String a : RECORD_ANNOTATIONS) {
            TypeElement annotation = processingEnv.getElementUtils().getTypeElement(a);
            if (annotation == null) {
                continue;
            }
            for (Element e : round.getElementsAnnotatedWith(annotation)) {
                Element owner = e.getEnclosingElement();
                if (owner instanceof TypeElement t && StateReader.isRecord(t)) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    private Set<TypeElement> annotatedGraphs(RoundEnvironment round) {
        Set<TypeElement> out = new LinkedHashSet<>();
        for (String a : GRAPH_ANNOTATIONS) {
            TypeElement annotation = processingEnv.getElementUtils().getTypeElement(a);
            if (annotation == null) {
                continue;
            }
            for (Element e : round.getElementsAnnotatedWith(annotation)) {
                Element owner = e.getKind() == ElementKind.METHOD ? e.getEnclosingElement() : e;
                // A workflow's @Retry or @Timeout are its entrypoint's and tasks': the workflow step reads them.
                if (owner instanceof TypeElement t && !WorkflowReader.isWorkflow(t)) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    /** Validates a record once and generates its files unless they exist already. */
    private boolean processRecord(TypeElement record, Element origin) throws Exception {
        String name = record.getQualifiedName().toString();
        Boolean known = recordsOk.get(name);
        if (known != null) {
            return known;
        }
        recordsOk.put(name, false);
        StateModel state = states.read(record);
        Report report = new Report();
        stateRules.check(state, report);
        storageRules.check(state, report);
        String update = GeneratedNames.qualified(record, GeneratedNames.update(record));
        String channels = GeneratedNames.qualified(record, GeneratedNames.channels(record));
        if (!state.generated() || sourceTypes.contains(name)) {
            checkCollision(update, record, report);
            checkCollision(channels, record, report);
            // Update and Channels share the flat name, so one claim covers both.
            claim(update, record, Message.RECORD_NAME_CLASH, report);
        }
        if (state.generated() && !generated.contains(update)) {
            compiledFor(update)
                    .filter(other -> !other.equals(name))
                    .ifPresent(other -> report.error(Message.RECORD_NAME_CLASH, record, name, other, update));
        }
        boolean inSources = sourceTypes.contains(name);
        if (!inSources && state.generated()) {
            checkFresh(state, channels, origin, report);
        }
        print(report);
        if (!report.isClean() || claims.clashed(update)) {
            return false;
        }
        // A record compiled here is generated again even if its old output is on the classpath: a
        // build that recompiles only the record must not keep channels of its previous version.
        if (!generated.contains(update)
                && (inSources || processingEnv.getElementUtils().getTypeElement(update) == null)) {
            writer.write(GeneratedNames.packageOf(record), new UpdateGenerator().generate(state), origin);
            writer.write(
                    GeneratedNames.packageOf(record),
                    new ChannelsGenerator(processingEnv.getTypeUtils(), new StoredTypes(processingEnv)).generate(state),
                    origin);
            generated.add(update);
            generated.add(channels);
        }
        recordsOk.put(name, true);
        return true;
    }

    /**
     * The record an update compiled earlier (another module, a jar) was generated for, read from
     * its {@code StateSchema<R> schema()}: a record that flattens to the same name must not be
     * taken for it.
     */
    private Optional<String> compiledFor(String update) {
        TypeElement type = processingEnv.getElementUtils().getTypeElement(update);
        if (type == null) {
            return Optional.empty();
        }
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (m.getSimpleName().contentEquals("schema")
                    && m.getParameters().isEmpty()
                    && m.getReturnType() instanceof DeclaredType d
                    && d.getTypeArguments().size() == 1
                    && d.getTypeArguments().get(0) instanceof DeclaredType r) {
                return Optional.of(
                        ((TypeElement) r.asElement()).getQualifiedName().toString());
            }
        }
        return Optional.empty();
    }

    /** Channels from another compilation must match the record there now, or the run would fail later. */
    private void checkFresh(StateModel state, String channels, Element origin, Report report) {
        TypeElement generatedChannels = processingEnv.getElementUtils().getTypeElement(channels);
        String now = Fingerprint.of(state);
        Fingerprint.stored(generatedChannels)
                .filter(old -> !old.equals(now))
                .ifPresent(old -> report.error(
                        Message.STALE_GENERATED, origin, channels, state.simpleName(), old, state.simpleName(), now));
    }

    private void checkCollision(String generatedName, TypeElement source, Report report) {
        if (generated.contains(generatedName) || !sourceTypes.contains(generatedName)) {
            return;
        }
        report.error(Message.NAME_COLLISION, source, generatedName, source.getQualifiedName());
    }

    /**
     * Claims a generated name for {@code source}; when another source claimed it first, both are
     * reported, each naming the other, and neither gets the file.
     */
    private void claim(String generatedName, TypeElement source, Message message, Report report) {
        String me = source.getQualifiedName().toString();
        claims.claim(generatedName, source).ifPresent(other -> {
            if (claims.firstReport(me, generatedName)) {
                report.error(message, source, me, other, generatedName);
            }
            TypeElement first = processingEnv.getElementUtils().getTypeElement(other);
            if (first != null && claims.firstReport(other, generatedName)) {
                report.error(message, first, other, me, generatedName);
            }
        });
    }

    private boolean processGraph(TypeElement graph) throws Exception {
        String name = graph.getQualifiedName().toString();
        String graphName = GeneratedNames.qualified(graph, GeneratedNames.graph(graph));
        Report clash = new Report();
        claim(graphName, graph, Message.GRAPH_NAME_CLASH, clash);
        print(clash);
        if (claims.clashed(graphName)) {
            deferred.remove(name);
            return false;
        }
        boolean familyOk = true;
        for (TypeElement record : graphs.mentionedRecords(graph)) {
            familyOk &= processRecord(
                    record, sourceTypes.contains(record.getQualifiedName().toString()) ? record : graph);
        }
        if (!graphs.unresolvedTypes(graph).isEmpty()) {
            // A family record that failed validation has no generated update type, so javac's own
            // "cannot find symbol" plus the record's errors say everything; don't add a third error.
            if (familyOk) {
                deferred.add(name);
            }
            return false;
        }
        deferred.remove(name);
        GraphModel model = graphs.read(graph);
        Report report = graphValidator.validate(model);
        storageRules.checkPayloads(model, report);
        SchemaStep.Outcome schema = model.state() == null ? null : schemas.check(model, report);
        checkCollision(graphName, graph, report);
        print(report);
        if (report.isClean() && familyOk && !generated.contains(graphName)) {
            writer.write(
                    GeneratedNames.packageOf(graph),
                    schema == null
                            ? new GraphGenerator(processingEnv.getTypeUtils(), this::subgraphModel).generate(model)
                            : new GraphGenerator(processingEnv.getTypeUtils(), this::subgraphModel)
                                    .generate(model, schema.history()),
                    graph);
            generated.add(graphName);
            if (schema != null) {
                Report export = new Report();
                schemas.export(schema, export);
                print(export);
            }
        }
        return true;
    }

    /** The model of the graph a subgraph node runs, for the x-ray diagram; read again at each use. */
    private Optional<GraphModel> subgraphModel(TypeMirror generatedGraph) {
        return GraphReader.graphClassOf(generatedGraph).map(graphs::read);
    }

    /**
     * Reports the graphs still waiting for types. Graphs that run each other as subgraphs wait for
     * each other forever: that cycle is reported instead, and a graph that waits only for waiting
     * graphs is left to their errors.
     */
    private void reportUnresolved() {
        List<TypeElement> waiting = new ArrayList<>();
        for (String name : deferred) {
            TypeElement graph = processingEnv.getElementUtils().getTypeElement(name);
            if (graph != null) {
                waiting.add(graph);
            }
        }
        SubgraphCycles cycles = new SubgraphCycles(waiting);
        Report report = new Report();
        cycles.report(report);
        print(report);
        for (TypeElement graph : waiting) {
            List<String> unresolved = graphs.unresolvedTypes(graph);
            if (cycles.inCycle(graph) || unresolved.stream().allMatch(cycles::isWaitingGraph)) {
                continue;
            }
            processingEnv
                    .getMessager()
                    .printMessage(
                            Kind.ERROR,
                            Message.UNRESOLVED_TYPES.format(graph.getQualifiedName(), String.join(", ", unresolved)),
                            graph);
        }
        deferred.clear();
    }

    private void print(Report report) {
        for (Diagnostic d : report.diagnostics()) {
            printer.print(d);
        }
    }

    private interface Action {
        boolean run() throws Exception;
    }

    /** Never crash javac: report the failure on the element and go on with the others. */
    private void safely(Element element, Action action) {
        try {
            action.run();
        } catch (Exception | LinkageError e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            processingEnv
                    .getMessager()
                    .printMessage(Kind.ERROR, Message.INTERNAL_ERROR.format(element, e, trace), element);
        }
    }
}
