/// Examples of `prefer_task_id`.
import MVILintCore

extension PreferTaskId {
    static let examplesList: [RuleExample] = [
        // The iOS 17 forms: two parameters, or none.
        .triggering("""
        struct SearchView: View {
            @State private var query = ""
            @State private var results: [String] = []
            var body: some View {
                List(results, id: \\.self) { Text($0) }
                    .searchable(text: $query)
                    .↓onChange(of: query) { oldValue, newValue in
                        Task { results = await SearchAPI.find(newValue) }
                    }
            }
        }
        """),
        .triggering("""
        struct FilterView: View {
            @Binding var filter: Filter
            @ObservedObject var model: FilterModel
            var body: some View {
                FilterPicker(filter: $filter)
                    .↓onChange(of: filter) {
                        Task { await model.apply(filter) }
                    }
            }
        }
        """),
        // The iOS 14 form with its one parameter, and `perform:` spelled out.
        .triggering("""
        struct PhotoPickerView: View {
            @State private var item: PhotosPickerItem?
            @State private var image: Data?
            var body: some View {
                PhotosPicker("Pick", selection: $item)
                    .↓onChange(of: item) { newItem in
                        Task {
                            image = try? await newItem?.loadTransferable(type: Data.self)
                        }
                    }
                    .↓onChange(of: image, perform: { _ in
                        Task(priority: .background) { await Thumbnails.render(image) }
                    })
            }
        }
        """),
        // `Task.detached` does not inherit anything that would cancel it either; `initial: true` runs
        // on appear as well, exactly what `.task(id:)` does.
        .triggering("""
        struct ZoomView: View {
            let url: URL
            @State private var scale = 1.0
            @State private var tile: Data?
            var body: some View {
                TileImage(data: tile)
                    .↓onChange(of: scale, initial: true) { _, newScale in
                        withAnimation { tile = nil }
                        Task.detached { await TileCache.render(url, scale: newScale) }
                    }
            }
        }
        """),
        // Started inside a block that runs at once: still one Task per change.
        .triggering("""
        struct CartBadge: View {
            @ObservedObject var cart: CartModel
            var body: some View {
                Image(systemName: "cart")
                    .↓onChange(of: cart.count) { count in
                        if count > 0 {
                            withAnimation { Task { await cart.syncTotals() } }
                        }
                    }
            }
        }
        """),
        // A handle kept in a local is gone with the closure: nothing cancels that run later.
        .triggering("""
        struct LocaleView: View {
            @Environment(\\.locale) private var locale
            @State private var strings: [String: String] = [:]
            var body: some View {
                Text(strings["title"] ?? "")
                    .↓onChange(of: locale) { newLocale in
                        let load = Task { strings = await Strings.load(for: newLocale) }
                        _ = load
                    }
            }
        }
        """),
        // Kept in `@State` and cancelled before the next start: the view does what `.task(id:)` does.
        .nonTriggering("""
        struct SearchView: View {
            @State private var query = ""
            @State private var results: [String] = []
            @State private var searchTask: Task<Void, Never>?
            var body: some View {
                List(results, id: \\.self) { Text($0) }
                    .searchable(text: $query)
                    .onChange(of: query) { _, newValue in
                        searchTask?.cancel()
                        searchTask = Task {
                            try? await Task.sleep(for: .milliseconds(300))
                            guard !Task.isCancelled else { return }
                            results = await SearchAPI.find(newValue)
                        }
                    }
                    .onDisappear { searchTask?.cancel() }
            }
        }
        """),
        // Stored but never cancelled, or cancelled only when the view goes away: every change still
        // starts another run beside the previous one.
        .triggering("""
        struct SearchView: View {
            @State private var query = ""
            @State private var results: [String] = []
            @State private var searchTask: Task<Void, Never>?
            @State private var suggestTask: Task<Void, Never>?
            var body: some View {
                List(results, id: \\.self) { Text($0) }
                    .searchable(text: $query)
                    .↓onChange(of: query) { _, newValue in
                        searchTask = Task { results = await SearchAPI.find(newValue) }
                    }
                    .↓onChange(of: results) {
                        self.suggestTask = Task { await SearchAPI.prefetch(results) }
                    }
                    .onDisappear { suggestTask?.cancel() }
            }
        }
        """),
        // Other ways of cancelling on the next change: a method the closure calls, the property's
        // observer, a test that keeps a second run from starting while one is going.
        .nonTriggering("""
        struct StatusBadge: View {
            let status: DeliveryStatus
            @State private var shown: DeliveryStatus = .sent
            @State private var delay: Task<Void, Never>?
            @State private var refresh: Task<Void, Never>? {
                willSet { refresh?.cancel() }
            }
            @ObservedObject var model: StatusModel
            var body: some View {
                Label(shown.title, systemImage: shown.icon)
                    .onChange(of: status) { _, newStatus in
                        guard delay == nil else { return }
                        delay = Task {
                            try? await Task.sleep(for: .milliseconds(700))
                            shown = newStatus
                            delay = nil
                        }
                    }
                    .onChange(of: model.filter) {
                        stopLoading()
                        model.loading = Task { await model.reload() }
                    }
                    .onChange(of: model.page) {
                        refresh = Task { await model.reload() }
                    }
            }
            private func stopLoading() { model.loading?.cancel() }
        }
        """),
        // Near misses: no Task, a Task that never suspends, one started later by a completion
        // handler, a Task in a button's action, and the key-path form of a reducer library.
        .nonTriggering("""
        struct ChatView: View {
            @ObservedObject var model: ChatModel
            @FocusState private var focused: Bool
            var body: some View {
                ScrollViewReader { proxy in
                    List(model.messages) { Text($0.text) }
                        .onChange(of: model.messages.count) { _ in
                            proxy.scrollTo(model.messages.last?.id)
                        }
                        .onChange(of: model.draftID) {
                            Task { @MainActor in focused = true }
                        }
                        .onChange(of: model.attachment) { _, attachment in
                            Uploader.shared.prepare(attachment) { ready in
                                Task { await model.send(ready) }
                            }
                        }
                }
                Button("Send") { Task { await model.send() } }
            }
        }
        struct Settings: Reducer {
            var body: some ReducerOf<Self> {
                Reduce { state, action in .none }
                    .onChange(of: \\.theme) { _, theme in
                        Reduce { _, _ in .run { _ in await Theme.apply(theme) } }
                    }
            }
        }
        """),
        // Each event of a stream is handled in full: `.task(id:)` would cancel one when the next
        // arrives. A Task that only pauses before scrolling defers the scroll, as `asyncAfter` would.
        .nonTriggering("""
        struct FeedView: View {
            @ObservedObject var model: FeedModel
            let stream: FeedStream
            @State private var scrollTarget: Post.ID?
            var body: some View {
                List(model.posts) { PostRow(post: $0) }
                    .scrollPosition(id: $scrollTarget)
                    .onChange(of: stream.lastEvent?.id) {
                        if let event = stream.lastEvent {
                            Task { await model.apply(event) }
                        }
                    }
                    .onChange(of: model.posts.count) { oldCount, newCount in
                        guard newCount > oldCount else { return }
                        Task {
                            try? await Task.sleep(for: .milliseconds(200))
                            withAnimation { scrollTarget = model.posts.last?.id }
                        }
                    }
            }
        }
        """),
        // A Task that pauses and then waits for a result is a run whose result can come late.
        .triggering("""
        struct LookupField: View {
            @State private var code = ""
            @State private var city: String?
            var body: some View {
                TextField("Postal code", text: $code)
                    .↓onChange(of: code) {
                        Task {
                            try? await Task.sleep(for: .milliseconds(250))
                            city = await PostalAPI.city(for: code)
                        }
                    }
            }
        }
        """),
        // Lifecycle steps: the save started when the app goes to the background must finish, and a
        // flag set before the Task keeps a second save from starting while one runs.
        .nonTriggering("""
        struct EditorView: View {
            @Environment(\\.scenePhase) private var phase
            @ObservedObject var document: DocumentModel
            @State private var saveState = SaveState.idle
            var body: some View {
                TextEditor(text: $document.text)
                    .onChange(of: phase) { _, newPhase in
                        if newPhase == .background { Task { await document.save() } }
                    }
                    .onChange(of: document.text) {
                        guard saveState == .idle else { return }
                        saveState = .saving
                        Task {
                            await document.save()
                            saveState = .idle
                        }
                    }
            }
        }
        """),
        // A flag set inside the Task is set too late to keep the next change from starting another run.
        .triggering("""
        struct DPISetting: View {
            @State private var dpi = 96
            @State private var applying = false
            var body: some View {
                Stepper("DPI \\(dpi)", value: $dpi)
                    .↓onChange(of: dpi) {
                        if !applying {
                            Task {
                                applying = true
                                await Display.apply(dpi: dpi)
                                applying = false
                            }
                        }
                    }
            }
        }
        """),
        // A trigger the Task consumes once it is done: the flag stays `true` while it runs, so no
        // second run can start; and an infinite-scroll trigger, whose load `.task(id:)` would
        // cancel as the offset keeps changing.
        .nonTriggering("""
        struct CodeEntry: View {
            @ObservedObject var model: FeedModel
            @State private var shaking = false
            @State private var offset = 0.0
            @State private var scrollOffset = 0.0
            var body: some View {
                ScrollView {
                    PinDots(offset: offset)
                        .onChange(of: shaking) { _, isShaking in
                            guard isShaking else { return }
                            Task {
                                await wiggle()
                                shaking = false
                            }
                        }
                    FeedRows(model: model)
                        .onChange(of: scrollOffset) { _, newOffset in
                            if newOffset > model.loadThreshold { Task { await model.loadMore() } }
                        }
                }
            }
            private func wiggle() async {
                offset = 12
                try? await Task.sleep(for: .milliseconds(80))
                offset = 0
            }
        }
        """),
        // Set back before the Task awaits, the flag can turn `true` again while the Task runs.
        .triggering("""
        struct CodeEntry: View {
            @State private var shaking = false
            var body: some View {
                PinDots()
                    .↓onChange(of: shaking) { _, isShaking in
                        guard isShaking else { return }
                        Task {
                            shaking = false
                            await Haptics.playError()
                        }
                    }
            }
        }
        """),
        // A scene has no `.task` modifier; inside the window's content, the view does.
        .triggering("""
        @main
        struct NotesApp: App {
            @Environment(\\.scenePhase) private var phase
            @StateObject private var store = NoteStore()
            var body: some Scene {
                WindowGroup {
                    NotesView()
                        .↓onChange(of: store.account) { _ in Task { await store.reload() } }
                }
                .onChange(of: phase) { newPhase in
                    if newPhase == .background { Task { await store.save() } }
                }
            }
        }
        """),
    ]
}
