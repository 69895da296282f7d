#!/usr/bin/env python3
"""Deterministic generator of synthetic SwiftUI projects for benchmarking mvilint.

Usage: generate.py SIZE OUTDIR [--seed N]

Writes SIZE Swift files under OUTDIR (plus a Package.swift that marks the project root). The
project is split into modules of features; each feature has entities, a repository, use cases,
an ObservableObject view model or an @Observable model or a reducer-style store, several views
and an extension file, in roughly the proportions of a real app. Files are 100 to 400 lines.
Types refer to each other across files (views hold models declared elsewhere, models hold use
cases, use cases hold repositories, views use entities and shared base types from Core), and a
few percent of the files carry rule violations. The same SIZE and seed always give the same bytes.
"""

import argparse
import os
import random

NOUNS = ["Order", "Product", "Cart", "Profile", "Feed", "Search", "Settings", "Invoice", "Ticket",
         "Message", "Contact", "Account", "Payment", "Review", "Booking", "Event", "Photo", "Album",
         "Note", "Task", "Project", "Team", "Report", "Device", "Route", "Trip", "Recipe", "Workout",
         "Playlist", "Episode", "Course", "Lesson", "Quiz", "Badge", "Reward", "Coupon", "Store",
         "Shipment", "Warehouse", "Vendor"]
ADJECTIVES = ["Quick", "Smart", "Daily", "Shared", "Local", "Remote", "Recent", "Saved", "Pinned",
              "Archived", "Premium", "Public", "Private", "Draft", "Live", "Cached", "Nearby", "Global"]
FIELDS = [("title", "String", '""'), ("subtitle", "String", '""'), ("count", "Int", "0"),
          ("price", "Decimal", "0"), ("isEnabled", "Bool", "false"), ("createdAt", "Date", "Date()"),
          ("tags", "[String]", "[]"), ("rating", "Double", "0"), ("ownerID", "UUID", "UUID()"),
          ("note", "String?", "nil"), ("position", "Int", "0"), ("isFavorite", "Bool", "false")]
SYMBOLS = ["star", "cart", "person", "gear", "bell", "heart", "tray", "folder", "doc", "clock"]

# Violation rates (fraction of eligible files).
RATE = 0.04


class Writer:
    """Collects lines with indentation."""

    def __init__(self):
        self.lines = []
        self.level = 0

    def line(self, text=""):
        self.lines.append(("    " * self.level + text) if text else "")

    def open(self, text):
        self.line(text + " {")
        self.level += 1

    def begin(self, text):
        """Opens a block whose opening brace is already in `text`."""
        self.line(text)
        self.level += 1

    def close(self, suffix=""):
        self.level -= 1
        self.line("}" + suffix)

    def text(self):
        return "\n".join(self.lines) + "\n"

    def __len__(self):
        return len(self.lines)


class Feature:
    def __init__(self, rng, name, module):
        self.rng = rng
        self.name = name
        self.module = module
        self.entity = name
        self.entities = [name, name + "Summary", name + "Detail"]
        self.repo = name + "Repository"
        self.use_cases = ["Load" + name + "sUseCase", "Save" + name + "UseCase", "Delete" + name + "UseCase"]
        kind = rng.random()
        self.model_kind = "object" if kind < 0.45 else "observable" if kind < 0.75 else "store"
        self.model = name + ("Store" if self.model_kind == "store" else "ViewModel" if self.model_kind == "object" else "Model")
        self.fields = rng.sample(FIELDS, 6)


def target_lines(rng):
    # Skewed towards 150-250 lines, within 100-400.
    return max(100, min(400, int(rng.triangular(100, 400, 180))))


def doc(w, rng, what):
    if rng.random() < 0.6:
        w.line("/// " + what)


def entity_file(f, rng, peers):
    w = Writer()
    w.line("import Foundation")
    w.line()
    want = target_lines(rng)
    k = 0
    while len(w) < want:
        name = f.entities[k % len(f.entities)] + ("" if k < len(f.entities) else str(k))
        doc(w, rng, "A %s as the %s feature shows it." % (name, f.name))
        w.open("struct %s: Identifiable, Equatable, Hashable, Codable" % name)
        w.line("let id: UUID")
        for (field, type_, default) in f.fields:
            w.line("var %s: %s = %s" % (field, type_, default))
        if peers:
            w.line("var related: [%s.ID] = []" % rng.choice(peers))
        w.line()
        w.open("var displayTitle: String")
        w.line('title.isEmpty ? "Untitled \\(%s.self)" : title' % name)
        w.close()
        w.line()
        w.open("static func placeholder(_ index: Int) -> %s" % name)
        w.line("%s(id: UUID(), title: \"Item \\(index)\")" % name)
        w.close()
        w.close()
        w.line()
        w.open("enum %sKind: String, CaseIterable, Codable" % name)
        for c in rng.sample(["standard", "featured", "archived", "hidden", "promoted", "pending"], 4):
            w.line("case %s" % c)
        w.line()
        w.open("var localizedName: String")
        w.open("switch self")
        w.line('case .standard: return "Standard"')
        w.line("default: return rawValue.capitalized")
        w.close()
        w.close()
        w.close()
        w.line()
        k += 1
    return w.text()


def repository_file(f, rng):
    w = Writer()
    w.line("import Foundation")
    w.line()
    doc(w, rng, "Loads and stores %ss." % f.entity)
    w.open("protocol %sProtocol: Sendable" % f.repo)
    w.line("func all() async throws -> [%s]" % f.entity)
    w.line("func item(id: %s.ID) async throws -> %s?" % (f.entity, f.entity))
    w.line("func save(_ item: %s) async throws" % f.entity)
    w.line("func delete(id: %s.ID) async throws" % f.entity)
    w.close()
    w.line()
    w.open("final class %s: %sProtocol, @unchecked Sendable" % (f.repo, f.repo))
    w.line("static let shared = %s(client: APIClient.shared)" % f.repo)
    w.line("private let client: APIClient")
    w.line("private var cache: [%s.ID: %s] = [:]" % (f.entity, f.entity))
    w.line("private let lock = NSLock()")
    w.line()
    w.line("init(client: APIClient) { self.client = client }")
    w.line()
    want = target_lines(rng)
    k = 0
    while len(w) < want - 4:
        suffix = "" if k == 0 else str(k)
        w.open("func all%s() async throws -> [%s]" % (suffix, f.entity))
        w.line('let data = try await client.get("/%s%s?page=\\(%d)")' % (f.name.lower(), suffix, k))
        w.line("let items = try JSONDecoder().decode([%s].self, from: data)" % f.entity)
        w.line("lock.lock(); defer { lock.unlock() }")
        w.line("for item in items { cache[item.id] = item }")
        w.line("return items.sorted { $0.position < $1.position }")
        w.close()
        w.line()
        w.open("func item%s(id: %s.ID) async throws -> %s?" % (suffix, f.entity, f.entity))
        w.line("if let hit = lock.withLock({ cache[id] }) { return hit }")
        w.line("return try await all%s().first { $0.id == id }" % suffix)
        w.close()
        w.line()
        w.open("func save%s(_ item: %s) async throws" % (suffix, f.entity))
        w.line('/* Writes go through the API so that other devices see them. */')
        w.line('_ = try await client.post("/%s/\\(item.id)", body: try JSONEncoder().encode(item))' % f.name.lower())
        w.line("lock.withLock { cache[item.id] = item }")
        w.close()
        w.line()
        w.open("func delete%s(id: %s.ID) async throws" % (suffix, f.entity))
        w.line('_ = try await client.delete("/%s/\\(id)")' % f.name.lower())
        w.line("lock.withLock { cache[id] = nil }")
        w.close()
        w.line()
        k += 1
    w.close()
    return w.text()


def use_case_file(f, rng, use_case):
    w = Writer()
    w.line("import Foundation")
    w.line()
    doc(w, rng, "%s: one business operation of the %s feature." % (use_case, f.name))
    w.open("struct %s: Sendable" % use_case)
    w.line("let repository: any %sProtocol" % f.repo)
    w.line()
    w.line("init(repository: any %sProtocol = %s.shared) { self.repository = repository }" % (f.repo, f.repo))
    w.line()
    want = target_lines(rng)
    k = 0
    while len(w) < want - 2:
        w.open("func execute%s(filter: String = \"\", limit: Int = %d) async throws -> [%s]" % ("" if k == 0 else str(k), 20 + k, f.entity))
        w.line("let items = try await repository.all()")
        w.line("let filtered = filter.isEmpty ? items : items.filter { $0.title.localizedCaseInsensitiveContains(filter) }")
        w.open("guard !filtered.isEmpty else")
        w.line("return []")
        w.close()
        w.line("// Keep the newest first; ties keep their server order.")
        w.line("let sorted = filtered.enumerated().sorted { lhs, rhs in")
        w.line("    lhs.element.createdAt == rhs.element.createdAt ? lhs.offset < rhs.offset : lhs.element.createdAt > rhs.element.createdAt")
        w.line("}.map(\\.element)")
        w.line("return Array(sorted.prefix(limit))")
        w.close()
        w.line()
        k += 1
    w.close()
    return w.text()


def model_file(f, rng, base_types):
    """An ObservableObject view model, an @Observable model or a reducer-style store."""
    w = Writer()
    w.line("import Combine")
    w.line("import Foundation")
    w.line()
    isolated = rng.random() >= RATE
    writable = rng.random() < RATE
    off_main = rng.random() < RATE
    state = f.name + "State"
    if f.model_kind == "store":
        w.open("struct %s: Equatable" % state)
        w.line("var items: [%s] = []" % f.entity)
        w.line("var isLoading = false")
        w.line("var errorMessage: String?")
        w.line("var query = \"\"")
        w.close()
        w.line()
        w.open("enum %sAction" % f.name)
        for c in ["load", "loaded([%s])" % f.entity, "failed(String)", "search(String)", "select(%s.ID)" % f.entity, "dismissError"]:
            w.line("case " + c)
        w.close()
        w.line()
        w.line("/// The pure reducer of the %s feature." % f.name)
        w.open("func %sReducer(state: inout %s, action: %sAction)" % (f.name[0].lower() + f.name[1:], state, f.name))
        w.open("switch action")
        w.line("case .load:")
        w.line("    state.isLoading = true")
        w.line("case .loaded(let items):")
        w.line("    state.items = items")
        w.line("    state.isLoading = false")
        w.line("case .failed(let message):")
        w.line("    state.errorMessage = message")
        w.line("    state.isLoading = false")
        w.line("case .search(let query):")
        w.line("    state.query = query")
        w.line("case .select:")
        w.line("    break")
        w.line("case .dismissError:")
        w.line("    state.errorMessage = nil")
        w.close()
        w.close()
        w.line()
    if isolated:
        w.line("@MainActor")
    if f.model_kind == "observable":
        w.line("@Observable")
        w.open("final class %s" % f.model)
    else:
        parent = rng.choice(base_types) if rng.random() < 0.3 else "ObservableObject"
        w.open("final class %s: %s" % (f.model, parent))
    published = "" if f.model_kind == "observable" else "@Published "
    access = "" if writable else "private(set) "
    if f.model_kind == "store":
        w.line("%s%svar state = %s()" % (published, access, state))
    else:
        w.line("%s%svar items: [%s] = []" % (published, access, f.entity))
        w.line("%sprivate(set) var isLoading = false" % published)
        w.line("%sprivate(set) var errorMessage: String?" % published)
        w.line("%sprivate(set) var selection: %s.ID?" % (published, f.entity))
    w.line()
    w.line("private let load: %s" % f.use_cases[0])
    w.line("private let save: %s" % f.use_cases[1])
    w.line("private var cancellables = Set<AnyCancellable>()")
    w.line()
    w.open("init(load: %s = %s(), save: %s = %s())" % (f.use_cases[0], f.use_cases[0], f.use_cases[1], f.use_cases[1]))
    w.line("self.load = load")
    w.line("self.save = save")
    w.close()
    w.line()
    target = "state.items" if f.model_kind == "store" else "items"
    loading = "state.isLoading" if f.model_kind == "store" else "isLoading"
    if f.model_kind == "store":
        w.open("func send(_ action: %sAction)" % f.name)
        w.line("%sReducer(state: &state, action: action)" % (f.name[0].lower() + f.name[1:]))
        w.line("if case .load = action { Task { await refresh() } }")
        w.close()
        w.line()
    w.open("func refresh() async")
    w.line("%s = true" % loading)
    w.line("defer { %s = false }" % loading)
    w.open("do")
    w.line("let fresh = try await load.execute()")
    w.line("%s = fresh" % target)
    w.close(" catch {")
    w.level += 1
    w.line("print(\"refresh failed: \\(error.localizedDescription)\")")
    w.close()
    w.close()
    w.line()
    if off_main:
        w.open("func reloadInBackground()")
        w.open("DispatchQueue.global(qos: .utility).async")
        w.line("self.%s = []" % target)
        w.close()
        w.close()
        w.line()
    want = target_lines(rng)
    k = 0
    while len(w) < want - 2:
        w.open("func select%d(_ id: %s.ID)" % (k, f.entity))
        w.open("guard let index = %s.firstIndex(where: { $0.id == id }) else" % target)
        w.line("return")
        w.close()
        w.line("var item = %s[index]" % target)
        w.line("item.position = %d" % k)
        w.line("%s[index] = item" % target)
        w.close()
        w.line()
        w.open("func save%d(_ item: %s)" % (k, f.entity))
        w.begin("Task { [weak self] in")
        w.line("guard let self else { return }")
        w.line("try? await self.save.execute(filter: item.title, limit: %d)" % k)
        w.close()
        w.close()
        w.line()
        w.open("func observe%d(_ publisher: AnyPublisher<[%s], Never>)" % (k, f.entity))
        w.line("publisher")
        w.line("    .receive(on: DispatchQueue.main)")
        w.line("    .sink { [weak self] value in self?.%s = value }" % target)
        w.line("    .store(in: &cancellables)")
        w.close()
        w.line()
        k += 1
    w.close()
    return w.text()


def view_file(f, rng, index, other_models, peers):
    w = Writer()
    w.line("import SwiftUI")
    w.line()
    name = "%s%sView" % (f.name, ["List", "Detail", "Row", "Header", "Editor", "Filter", "Summary", "Card", "Empty", "Settings"][index % 10])
    if index >= 10:
        name = name[:-4] + str(index) + "View"
    holds_use_case = rng.random() < RATE
    owns_wrongly = rng.random() < RATE
    mutates = rng.random() < RATE
    injected = rng.random() < RATE
    observable = f.model_kind == "observable"
    doc(w, rng, "Shows %ss." % f.entity)
    w.open("struct %s: View" % name)
    if observable:
        w.line("@State private var model = %s()" % f.model)
    elif owns_wrongly:
        w.line("@ObservedObject var model = %s()" % f.model)
    elif injected:
        w.line("@StateObject private var model: %s" % f.model)
    elif index % 2 == 0:
        w.line("@StateObject private var model = %s()" % f.model)
    else:
        w.line("@ObservedObject var model: %s" % f.model)
    if holds_use_case:
        w.line("let useCase: %s" % f.use_cases[2])
    if other_models and rng.random() < 0.3:
        w.line("@EnvironmentObject var shared: %s" % rng.choice(other_models))
    w.line("@State private var isPresented = false")
    w.line("@State private var query = \"\"")
    w.line("let title: String")
    w.line()
    if injected and not observable and not owns_wrongly:
        w.open("init(model: %s, title: String)" % f.model)
        w.line("_model = StateObject(wrappedValue: model)")
        w.line("self.title = title")
        w.close()
        w.line()
    items = "model.state.items" if f.model_kind == "store" else "model.items"
    w.open("var body: some View")
    w.open("NavigationStack")
    w.open("List")
    w.begin("ForEach(%s) { item in" % items)
    w.open("HStack(alignment: .firstTextBaseline, spacing: 8)")
    w.line('Image(systemName: "%s")' % rng.choice(SYMBOLS))
    w.open("VStack(alignment: .leading)")
    w.line("Text(item.displayTitle).font(.headline)")
    w.line('Text("\\(item.position) of \\(%s.count)").font(.caption).foregroundStyle(.secondary)' % items)
    w.close()
    w.close()
    w.line(".onTapGesture { isPresented.toggle() }")
    w.close()
    w.close()
    w.line(".searchable(text: $query)")
    w.line(".navigationTitle(title)")
    w.line(".task { await model.refresh() }")
    w.open(".sheet(isPresented: $isPresented)")
    w.line('Text("Details for \\(title)")')
    w.close()
    w.close()
    w.close()
    w.line()
    if mutates:
        w.open("private func clear()")
        w.line("%s.removeAll()" % items)
        w.close()
        w.line()
    if holds_use_case:
        w.open("private func delete(_ item: %s)" % f.entity)
        w.line("Task { try? await useCase.execute(filter: item.title) }")
        w.close()
        w.line()
    want = target_lines(rng)
    k = 0
    while len(w) < want - 2:
        w.line("@ViewBuilder")
        w.open("private func section%d(_ item: %s) -> some View" % (k, f.entity))
        w.open("if item.isFavorite")
        w.line('Label("Favorite", systemImage: "star.fill")')
        w.line("    .foregroundStyle(.yellow)")
        w.close(" else {")
        w.level += 1
        w.open('Button("Mark as favorite #%d")' % k)
        w.line("isPresented = true")
        w.close()
        w.close()
        w.line("Text(item.createdAt, style: .relative)")
        if peers:
            w.line("Text(\"related: \\(item.related.count) \\(%s.self)\")" % rng.choice(peers))
        w.close()
        w.line()
        k += 1
    w.close()
    w.line()
    if rng.random() < 0.5:
        w.open("#Preview")
        w.line('%s(%stitle: "Preview")' % (name, "model: %s(), " % f.model if injected and not observable and not owns_wrongly else "useCase: %s(), " % f.use_cases[2] if holds_use_case else ""))
        w.close()
    return w.text()


def extension_file(f, rng):
    w = Writer()
    w.line("import Foundation")
    w.line()
    w.line("#if DEBUG")
    w.open("extension %s" % f.entity)
    w.line("static let samples: [%s] = (0..<5).map { placeholder($0) }" % f.entity)
    w.close()
    w.line("#endif")
    w.line()
    want = target_lines(rng)
    k = 0
    while len(w) < want - 2:
        w.open("extension Array where Element == %s" % f.entity)
        w.open("func grouped%d() -> [String: [%s]]" % (k, f.entity))
        w.line("Dictionary(grouping: self) { String($0.title.prefix(1)).uppercased() }")
        w.close()
        w.line()
        w.open("var summary%d: String" % k)
        w.line('"""')
        w.line("\\(count) items, \\(filter(\\.isFavorite).count) favorites")
        w.line("first: \\(first?.displayTitle ?? \"none\")")
        w.line('"""')
        w.close()
        w.close()
        w.line()
        k += 1
    return w.text()


def core_files():
    base = """import Combine
import Foundation

/// Shared base of the app's view models.
@MainActor
class BaseViewModel: ObservableObject {
    @Published private(set) var isBusy = false
    func setBusy(_ busy: Bool) { isBusy = busy }
}

/// Screens that SwiftUI observes.
@MainActor
protocol ScreenModel: ObservableObject {
    func refresh() async
}

/// The HTTP client every repository shares.
final class APIClient: @unchecked Sendable {
    static let shared = APIClient()
    func get(_ path: String) async throws -> Data { Data() }
    func post(_ path: String, body: Data) async throws -> Data { Data() }
    func delete(_ path: String) async throws -> Data { Data() }
}
"""
    app = """import SwiftUI

@main
struct BenchmarkApp: App {
    var body: some Scene {
        WindowGroup { Text("Benchmark") }
    }
}
"""
    return {"Core/BaseViewModel.swift": base, "App/BenchmarkApp.swift": app}


def generate(size, outdir, seed):
    rng = random.Random(seed)
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "Package.swift"), "w") as fh:
        fh.write('// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: "Bench", targets: [.target(name: "App")])\n')
    written = 0
    for rel, text in core_files().items():
        path = os.path.join(outdir, "Sources", "App", rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as fh:
            fh.write(text)
        written += 1
    base_types = ["BaseViewModel"]
    models = []
    previous_entities = []
    n = 0
    while written < size:
        noun = NOUNS[n % len(NOUNS)]
        adjective = ADJECTIVES[(n // len(NOUNS)) % len(ADJECTIVES)]
        round_ = n // (len(NOUNS) * len(ADJECTIVES))
        name = adjective + noun + (str(round_) if round_ else "")
        module = "Module%d" % (n // 50)
        f = Feature(rng, name, module)
        peers = rng.sample(previous_entities, min(2, len(previous_entities)))
        files = [("Domain/%s.swift" % f.entity, entity_file(f, rng, peers)),
                 ("Data/%s.swift" % f.repo, repository_file(f, rng))]
        files += [("Domain/%s.swift" % u, use_case_file(f, rng, u)) for u in f.use_cases]
        files.append(("Presentation/%s.swift" % f.model, model_file(f, rng, base_types)))
        view_count = rng.randint(6, 10)
        for i in range(view_count):
            text = view_file(f, rng, i, [m for m in models[-5:] if not m.endswith("Model") or m.endswith("ViewModel")], peers)
            files.append(("Presentation/Views/%s_%d.swift" % (f.name, i), text))
        files.append(("Support/%s+Samples.swift" % f.entity, extension_file(f, rng)))
        for rel, text in files:
            if written >= size:
                break
            path = os.path.join(outdir, "Sources", module, f.name, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as fh:
                fh.write(text)
            written += 1
        models.append(f.model)
        previous_entities.append(f.entity)
        n += 1
    return written


def main():
    parser = argparse.ArgumentParser(description="Generate a synthetic SwiftUI project.")
    parser.add_argument("size", type=int, help="number of Swift files")
    parser.add_argument("outdir", help="output directory (created if missing)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    count = generate(args.size, args.outdir, args.seed)
    print("wrote %d Swift files to %s" % (count, args.outdir))


if __name__ == "__main__":
    main()
