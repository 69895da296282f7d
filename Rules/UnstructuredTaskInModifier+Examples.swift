/// Examples of `unstructured_task_in_modifier`.
import MVILintCore

extension UnstructuredTaskInModifier {
    static let examplesList: [RuleExample] = [
        .triggering("""
        struct OrdersView: View {
            @ObservedObject var model: OrdersModel
            var body: some View {
                List(model.orders) { Text($0.title) }
                    .task { ↓Task { await model.load() } }
                    .refreshable {
                        ↓Task { await model.reload() }
                    }
            }
        }
        """),
        // `.task(id:)` and `.task(priority:)`, `Task.detached`, and one started inside a block
        // that runs at once.
        .triggering("""
        struct ProfileView: View {
            let userID: String
            @State private var profile: Profile?
            @State private var avatar: Data?
            var body: some View {
                ProfileCard(profile: profile, avatar: avatar)
                    .task(id: userID) {
                        profile = await ProfileAPI.profile(userID)
                        ↓Task.detached(priority: .low) { await AvatarCache.warm(userID) }
                    }
                    .task(priority: .background) {
                        withAnimation { ↓Task { avatar = await AvatarCache.image(userID) } }
                    }
            }
        }
        """),
        // Awaited handles are part of the modifier's run; so is a local one the closure cancels.
        .nonTriggering("""
        struct ReportView: View {
            let reportID: Int
            @State private var report: Report?
            @State private var chart: Chart?
            var body: some View {
                ReportCard(report: report, chart: chart)
                    .task(id: reportID) {
                        let fetch = Task { await ReportAPI.report(reportID) }
                        report = await fetch.value
                        chart = try? await Task.detached { try Chart.render(reportID) }.value
                    }
                    .refreshable {
                        let reload = Task { await ReportAPI.report(reportID) }
                        report = await reload.value
                    }
                    .task {
                        let heartbeat = Task { await Presence.beat(reportID) }
                        defer { heartbeat.cancel() }
                        for await update in ReportAPI.updates(reportID) { report = update }
                    }
            }
        }
        """),
        // A handle stored in a property that the view cancels is under the view's control; one
        // that nothing cancels is not. In `.refreshable`, only awaiting keeps the indicator up.
        .triggering("""
        struct LiveScoreView: View {
            @State private var poller: Task<Void, Never>?
            @State private var sync: Task<Void, Never>?
            @State private var score = 0
            var body: some View {
                Text("\\(score)")
                    .task {
                        poller = Task {
                            while !Task.isCancelled { score = await ScoreAPI.latest() }
                        }
                        sync = ↓Task { await ScoreAPI.sync() }
                    }
                    .refreshable { poller = ↓Task { score = await ScoreAPI.latest() } }
                    .onDisappear { poller?.cancel() }
            }
        }
        """),
        // A Task that only pauses between state changes defers them; one that pauses and then
        // loads leaves a load running after the view is gone.
        .nonTriggering("""
        struct TipBanner: View {
            @State private var showsTip = false
            var body: some View {
                Text("Swipe to archive")
                    .opacity(showsTip ? 1 : 0)
                    .task {
                        Task {
                            try? await Task.sleep(for: .seconds(1))
                            withAnimation { showsTip = true }
                        }
                    }
            }
        }
        """),
        .triggering("""
        struct TipBanner: View {
            @State private var tips: [String] = []
            var body: some View {
                Text(tips.first ?? "")
                    .task {
                        ↓Task {
                            try? await Task.sleep(for: .seconds(1))
                            tips = await TipStore.load()
                        }
                    }
            }
        }
        """),
        // Near misses: work awaited directly, a Task in a button's action, one that never suspends,
        // one a completion handler starts later, and an effect of a reducer library.
        .nonTriggering("""
        struct InboxView: View {
            @ObservedObject var model: InboxModel
            @FocusState private var searching: Bool
            var body: some View {
                List(model.messages) { Text($0.subject) }
                    .task { await model.load() }
                    .refreshable { await model.reload() }
                    .task(id: model.filter) {
                        Task { @MainActor in searching = false }
                        Mailbox.observe(model.filter) { change in
                            Task { await model.apply(change) }
                        }
                        async let unread = model.countUnread()
                        async let flagged = model.countFlagged()
                        _ = await (unread, flagged)
                    }
                    .toolbar {
                        Button("Sync") { Task { await model.sync() } }
                    }
            }
        }
        enum InboxEffect {
            static func warmUp() -> Effect<InboxAction> {
                return .task { Task { await Cache.warm() }; return .warmed }
            }
        }
        """),
    ]
}
