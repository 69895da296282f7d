/// `view_binds_model_state`: a view does not bind controls straight into its model's state.
import MVILintCore

struct ViewBindsModelState: Rule {
    static let info = RuleInfo(
        id: "view_binds_model_state",
        title: "View Binds Model State",
        summary: "A view must not create a two-way binding into the state of its model (`$viewModel.text`, `$store.state.query`)",
        rationale: """
        A binding such as `TextField("Search", text: $viewModel.query)` lets a control write the model's \
        state on every keystroke without the model knowing why: no intent is sent, no method runs, and \
        the state has to be publicly writable. In an MVI architecture the view owns transient input in \
        its own `@State` and sends an intent when it changes (or builds a `Binding(get:set:)` whose \
        setter sends one). The rule is off under the MVVM profile, where binding to a view model is a \
        common and accepted idiom.
        """,
        details: """
        - Passing the projected model itself (`Child(model: $model)`) is not reported: it binds the \
        reference, not a piece of state.
        - Reading a binding's value (`$viewModel.items.wrappedValue`) binds nothing and is not reported.
        - A model is one the view holds in any wrapper, `@State` included (an `@Observable` class or an \
        ObservableObject), or a local bound to one in view code: `@Bindable var m = model`, or to a \
        shared instance of a model of the project (`@Bindable var prefs = Prefs.shared`, also in a view \
        that holds no model property).
        - Not reported: a Composable Architecture `$store.field` binding, which sends a binding action, \
        nor a binding into a Core Data entity (`$item.title`; see `view_mutates_state`), a record rather \
        than a model.
        """,
        category: .architecture,
        defaults: [.mvvm: .off, .mvi: .error],
        examples: [
            .triggering("""
            struct SearchView: View {
                @ObservedObject var viewModel: SearchViewModel
                @EnvironmentObject var store: AppStore
                var body: some View {
                    TextField("Search", text: ↓$viewModel.query)
                    TextField("Filter", text: ↓$store.state.query)
                    Toggle("Only new", isOn: ↓$viewModel.filter.onlyNew)
                }
            }
            """),
            .triggering("""
            @Observable final class FormModel {
                var name = ""
                var email = ""
                var agreed = false
            }
            struct FormView: View {
                @Bindable var model: FormModel
                @Environment(FormModel.self) private var shared
                @State private var local = FormModel()
                var body: some View {
                    TextField("Name", text: ↓$model.name)
                    TextField("Email", text: ↓Bindable(shared).email)
                    Toggle("Agree", isOn: ↓$local.agreed)
                    @Bindable var bindable = shared
                    TextField("Again", text: ↓$bindable.name)
                }
            }
            """),
            .triggering(files: [
                "LoginModel.swift": """
                final class LoginModel: ObservableObject {
                    @Published var password = ""
                }
                """,
                "LoginView.swift": """
                struct LoginView: View {
                    @StateObject private var model = LoginModel()
                    var body: some View { field }
                }
                """,
                "LoginView+Fields.swift": """
                extension LoginView {
                    var field: some View { SecureField("Password", text: ↓$model.password) }
                }
                """,
            ]),
            // A local bound to a shared model is that model, also in a view that holds no model
            // property; an ObservableObject held in `@State` is a model too.
            .triggering("""
            @Observable final class Prefs {
                static let shared = Prefs()
                var playSounds = true
            }
            final class DraftModel: ObservableObject {
                @Published var text = ""
            }
            struct SoundSettings: View {
                var body: some View {
                    @Bindable var prefs = Prefs.shared
                    Toggle("Sounds", isOn: ↓$prefs.playSounds)
                }
            }
            struct DraftEditor: View {
                @State private var draft = DraftModel()
                var body: some View { TextField("Draft", text: ↓$draft.text) }
            }
            """),
            // Reading a binding's value (`.wrappedValue`) binds nothing.
            .nonTriggering("""
            struct CountBadge: View {
                @ObservedObject var viewModel: CartViewModel
                var body: some View {
                    Text("\\($viewModel.items.wrappedValue.count)")
                    Text($viewModel.title.wrappedValue)
                }
            }
            """),
            .nonTriggering("""
            import ComposableArchitecture
            struct ProfileView: View {
                @Bindable var store: StoreOf<Profile>
                var body: some View {
                    TextField("Name", text: $store.name)
                    Button("Save") { store.send(.saveTapped) }
                }
            }
            """),
            // Also when another file of the project re-exports the library.
            .nonTriggering(files: [
                "Exports.swift": "@_exported import ComposableArchitecture",
                "NoteEditorView.swift": """
                struct NoteEditorView: View {
                    @Bindable var store: StoreOf<NoteEditor>
                    var body: some View {
                        TextField("Title", text: $store.title)
                        Toggle("Pinned", isOn: $store.isPinned.sending(\\.pinToggled))
                    }
                }
                """,
            ]),
            // Near misses: the view's own `@State`, a `@Binding`, the whole projected model, intents.
            .nonTriggering("""
            struct SearchView: View {
                @ObservedObject var viewModel: SearchViewModel
                @State private var query = ""
                @State private var isPresented = false
                @Binding var filter: Filter
                var body: some View {
                    TextField("Search", text: $query)
                        .onChange(of: query) { viewModel.send(.queryChanged($0)) }
                        .sheet(isPresented: $isPresented) { FilterView(filter: $filter.kind) }
                    Toggle("New", isOn: Binding(get: { viewModel.onlyNew }, set: { viewModel.setOnlyNew($0) }))
                    ChildView(viewModel: $viewModel)
                        .onReceive(viewModel.$viewModel.dropFirst()) { _ in }
                    Text(viewModel.query)
                    ForEach(viewModel.items) { Text($0.title) }
                }
            }
            """),
        ])

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        for type in project.viewTypes(in: file) {
            // A Composable Architecture binding (`$store.query`) sends a binding action: an intent.
            let properties = project.modelProperties(of: type, in: file).filter { !project.isComposableStore($0.value, in: file) }
            let codes = file.memberCode(of: type)
            // `@Bindable var prefs = Prefs.shared` in `body`: a local bound to a shared model, also in
            // a view that holds no model property.
            let sharedLocals = codes.map { project.sharedModelLocals(in: $0.range, file: file) }
            guard !properties.isEmpty || sharedLocals.contains(where: { !$0.isEmpty }) else { continue }
            for (code, shared) in zip(codes, sharedLocals) {
                // `@Bindable var m = model` inside a body makes `$m.x` a binding into the same model.
                var models = properties
                for (name, model) in localBindables(in: code.range, file: file, models: properties) { models[name] = model }
                for (name, model) in shared { models[name] = model }
                for i in code.range {
                    // `$model.x`; `other.$model` is a publisher of another object, not this view's projection.
                    if file.kind(i) == .dollarIdentifier, file.kind(i - 1) != .period {
                        let name = String(file.name(i).dropFirst())
                        guard let model = models[name], file.kind(i + 1) == .period, !file.tokens[i + 1].hasSpaceBefore,
                              file.kind(i + 2) == .identifier else { continue }
                        // `$model.items.wrappedValue`: reads the value through the binding, binds nothing.
                        if readsWrappedValue(after: i + 2, file: file) { continue }
                        context.report(at: i, .binds("$" + name + "." + file.name(i + 2), model: model, properties: properties))
                    } else if file.isWord(i, "Bindable"), file.kind(i - 1) != .period, file.kind(i + 1) == .leftParen,
                              !file.tokens[i + 1].hasSpaceBefore, let close = file.partner(i + 1),
                              file.kind(close + 1) == .period, file.kind(close + 2) == .identifier {
                        // `Bindable(model).x` with `model` (or `self.model`) a model property.
                        var arg = i + 2
                        if file.isWord(arg, "self"), file.kind(arg + 1) == .period { arg += 2 }
                        guard arg + 1 == close, file.kind(arg) == .identifier, let model = models[file.name(arg)] else { continue }
                        context.report(at: i, .binds("Bindable(\(file.name(arg))).\(file.name(close + 2))", model: model, properties: properties))
                    }
                }
            }
        }
    }

    /// Whether the member chain that continues after token `i` (`.a.b`, subscripts included)
    /// reaches `.wrappedValue`.
    private func readsWrappedValue(after i: Int, file: SourceFile) -> Bool {
        var j = i + 1, steps = 0
        while steps < 32 {
            steps += 1
            if file.kind(j) == .leftBracket, let close = file.partner(j), close > j { j = close + 1; continue }
            if file.isText(j, "?") || file.isText(j, "!"), !file.tokens[j].hasSpaceBefore { j += 1; continue }
            guard file.kind(j) == .period, file.kind(j + 1) == .identifier else { return false }
            if file.isWord(j + 1, "wrappedValue") { return true }
            j += 2
        }
        return false
    }

    /// `@Bindable var name = modelProperty` declarations in `range`.
    private func localBindables(in range: TokenRange, file: SourceFile, models: [String: String]) -> [(String, String)] {
        var out: [(String, String)] = []
        for i in range where file.kind(i) == .at && file.isWord(i + 1, "Bindable") {
            let v = i + 2
            guard file.isWord(v, "var") || file.isWord(v, "let"), file.kind(v + 1) == .identifier, file.kind(v + 2) == .equal else { continue }
            var source = v + 3
            if file.isWord(source, "self"), file.kind(source + 1) == .period { source += 2 }
            if file.kind(source) == .identifier, let model = models[file.name(source)] { out.append((file.name(v + 1), model)) }
        }
        return out
    }
}

private extension String {
    /// A property whose type is not written stands for its model (`= Dependencies.shared.ping`):
    /// `model` is then that property's own name (`properties[model] == model`), and the message
    /// says where the model is held.
    static func binds(_ expression: String, model: String, properties: [String: String]) -> String {
        let owner = properties[model] == model ? "the model held in `\(model)`" : "the model `\(model)`"
        return "`\(expression)` binds a control directly to state of \(owner); keep the input in the view's `@State` and send an intent when it changes"
    }
}
