/// `missing_environment_object`: every path to a view that reads an environment object provides it.
import MVILintCore

struct MissingEnvironmentObject: Rule {
    static let info = RuleInfo(
        id: "missing_environment_object",
        title: "Missing Environment Object",
        summary: "A view that reads `@EnvironmentObject` (or `@Environment(Model.self)`) must be given that object on every path from a root",
        rationale: """
        `@EnvironmentObject var cart: CartStore` and `@Environment(Settings.self) var settings` crash \
        the app ("No ObservableObject of type CartStore found") when the view appears without an \
        ancestor that applied `.environmentObject(cart)` or `.environment(settings)`. The compiler \
        cannot check this; it usually breaks when a view is reused from a new place: a sheet, a new \
        tab, a preview, a hosting controller. The rule builds the project's view graph (A → B when \
        A's members construct B) from its roots: `App` bodies, `Scene`s that nothing constructs, \
        `#Preview` bodies (one with a trait of the project, `#Preview(traits: .sampleData)`, or a \
        `.modifier(…)` trait, may provide anything) and `PreviewProvider`s, the `rootView` of `UIHostingController`, \
        `NSHostingController` and `NSHostingView`, and the content of a cell's \
        `UIHostingConfiguration { }` (none of which inherits the environment). \
        A provision reaches the view it is applied to, everything constructed inside the closures \
        and arguments of the modified expression (sheet, popover and navigation-destination content \
        included, which inherits the environment on current systems; a parenthesised expression \
        too), and all the views further down. Modifiers inside a postfix `#if` of the chain count, \
        those of every branch, and so do the ones after its `#endif`. \
        A provided member (`.environmentObject(model.session)`) has the declared type of that stored \
        property of the type that `model` holds, and a static member (`.environmentObject(Fixtures.counter)`) \
        the declared type of that static property (the shared instance of a model, `AppModel.shared`, \
        is that model); a static method's result counts as anything. \
        A provision whose type cannot be resolved, and a project view extension, `ViewModifier` or \
        top-level function (`previewHost { Row() }`) that applies environment objects, count as \
        providing everything (also a method of another type that applies them to a view it is given, \
        such as `container.inject(into: self)` called from a view extension), and so do Spezi's `.spezi(…)` and `.previewWith(…)` in a file that \
        imports Spezi or one of its modules, which put the modules it configures into the environment (applied anywhere in a type, to \
        everything the type shows; in a `PreviewProvider`, whose members are static, to what its \
        helpers build too). A view that applies them to \
        content it does not construct itself (`content.environmentObject(x)`, also to another view \
        that shows it: `Shell { self.content() }.environment(x)`) provides those objects \
        to the content it is given (`Card { Label() }`); a view extension that wraps the view in \
        such a host (`func inRootView() -> some View { RootView { self } }`) provides what the host \
        applies, and so does a host that shows a member of the view (`RootView { mainArea() }`), to \
        every view that view constructs; a view type declared inside a `#Preview` body, which is not \
        indexed, shows what it constructs with what the preview applies to it \
        (`struct Host: View { … }; return Host().environmentObject(x)`); `.environment(x)` and \
        `.environmentObject(x)` satisfy either kind of read; a subclass or typealias of the type \
        counts. Static members (factories, fixtures) are not part of the graph, and a view name declared \
        twice in the project (two private `Row`s) is neither reported nor followed. Views that no root \
        reaches are not reported, and an optional `@Environment(Model.self) var m: Model?` is safe. \
        On a path through a view that itself reads the same object (not optionally), that view \
        crashes first and is the one reported: the views below it are not reported for that path. \
        A project whose previews do not set up the environment can leave them out with the \
        `previews: false` option: only paths from the app, its scenes and hosting controllers count then.
        """,
        category: .lifecycle,
        defaults: [.mvvm: .warning, .mvi: .warning],
        options: [
            RuleOption("previews", default: .bool(true),
                       "Whether `#Preview` bodies and `PreviewProvider`s count as roots; `false` reports only paths from the app, its scenes and hosting controllers"),
        ],
        examples: MissingEnvironmentObject.examplesList)

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        let previews = context.bool("previews", in: Self.info)
        for type in project.viewTypes(in: file) where type.kind != .extension && type.kind != .protocol {
            // Two views with one name (private types in two files) cannot be told apart in the graph.
            if project.viewGraph.ambiguousNames.contains(type.name) { continue }
            for v in type.variables where v.isStored && !v.isStatic {
                guard let (required, isObject) = requiredObject(v, file: file, project: project) else { continue }
                let matches: (String) -> Bool = { provided in Self.satisfies(provided, required, project: project) }
                // A view above this one that reads the same object non-optionally crashes first on
                // any path that does not provide it, and is reported itself: such paths are its.
                let resolved = project.resolve(required)
                let readsSame: (String) -> Bool = { name in
                    name != type.name && !project.viewGraph.ambiguousNames.contains(name)
                        && (project.symbol(name)?.storedProperties.contains { Self.reads($0, resolved, project: project) } ?? false)
                }
                guard let path = project.viewGraph.pathWithout(matches, to: type.name, key: required, previews: previews, barrier: readsSame) else { continue }
                let route = ([path.root.name] + path.views).map { "`\($0)`" }.joined(separator: " → ")
                var notes: [FindingNote] = []
                if let p = path.root.path, let l = path.root.location {
                    notes.append(FindingNote(path: p, location: l, message: "the path \(route) starts here and provides no `\(required)`"))
                }
                context.report(at: v.nameToken, .missing(v.name, required, isObject: isObject, route: route), notes: notes)
            }
        }
    }

    /// The type an `@EnvironmentObject` property reads, or the `@Observable` class that a
    /// non-optional `@Environment(T.self)` property reads; `isObject` for the former.
    private func requiredObject(_ v: VariableDecl, file: SourceFile, project: ProjectIndex) -> (String, Bool)? {
        if v.header.hasAttribute("EnvironmentObject") {
            guard let t = v.type?.baseName, !t.isEmpty else { return nil }
            return (t, true)
        }
        guard let a = v.header.attribute("Environment"), let args = a.arguments,
              let name = PropertySummary.environmentType(inArguments: file.text(of: args, compact: true)) else { return nil }
        // An optional read yields nil instead of crashing.
        if v.type?.isOptional == true { return nil }
        guard project.isObservableMacroClass(name) else { return nil }
        return (name, false)
    }

    /// Whether a stored property reads `resolved` from the environment and crashes without it:
    /// `@EnvironmentObject`, or a non-optional `@Environment(T.self)`.
    static func reads(_ p: PropertySummary, _ resolved: String, project: ProjectIndex) -> Bool {
        switch p.wrapper {
        case "EnvironmentObject":
            guard let t = p.typeName else { return false }
            return project.resolve(t) == resolved
        case "Environment":
            guard !p.isOptional, let name = p.environmentType else { return false }
            return project.resolve(name) == resolved
        default:
            return false
        }
    }

    /// Whether a provided object of type `provided` satisfies a read of `required`: the same type
    /// after typealiases, or related by inheritance either way (lenient).
    static func satisfies(_ provided: String, _ required: String, project: ProjectIndex) -> Bool {
        let p = project.resolve(provided), r = project.resolve(required)
        if p == r || provided == required { return true }
        return project.conforms(provided) { $0 == required || $0 == r } || project.conforms(required) { $0 == provided || $0 == p }
    }
}

private extension String {
    static func missing(_ name: String, _ type: String, isObject: Bool, route: String) -> String {
        let modifier = isObject ? ".environmentObject(…)" : ".environment(…)"
        return "`\(name)` reads `\(type)` from the environment, but nothing provides one on the path \(route), so the view crashes there; provide it with `\(modifier)` on that path"
    }
}
