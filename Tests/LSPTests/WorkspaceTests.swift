/// The project index across files: cross-file updates, what a change re-lints, configuration, files on disk, several roots.
import XCTest
@testable import MVILintLSP
import MVILintCore

final class WorkspaceTests: XCTestCase {
    func testTheWorkspaceIsLintedAsTheCommandLineLintsIt() {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.modelWithWritableState, "CounterView.swift": Fixtures.view,
                                        "Badge.swift": Fixtures.badge])
        let client = TestClient()
        client.start(folders: [project.root])
        // Files that are not open get their findings too.
        XCTAssertEqual(codes(client.diagnostics(project.uri("CounterViewModel.swift"))), ["state_private_set"])
        XCTAssertEqual(codes(client.diagnostics(project.uri("CounterView.swift"))), ["owned_model_state_object"])
        client.shutDown()
        // With `workspaceDiagnostics: false`, only open files.
        let second = TestClient()
        second.start(folders: [project.root], initializationOptions: ["workspaceDiagnostics": false])
        second.open(project.path("Badge.swift"), text: Fixtures.badge)
        second.open(project.path("CounterView.swift"), text: Fixtures.view)
        XCTAssertEqual(codes(second.diagnostics(project.uri("CounterView.swift"))), ["owned_model_state_object"])
        XCTAssertTrue(second.drain { $0["params"]["uri"].string == project.uri("CounterViewModel.swift") }.isEmpty)
        second.shutDown()
    }

    func testChangingAModelUpdatesAViewThatIsNotEdited() {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model, "CounterView.swift": Fixtures.view, "Badge.swift": Fixtures.badge])
        let client = TestClient()
        client.start(folders: [project.root])
        let view = project.uri("CounterView.swift")
        XCTAssertEqual(codes(client.diagnostics(view)), ["owned_model_state_object"])
        let modelPath = project.path("CounterViewModel.swift")
        client.open(modelPath, text: Fixtures.model)
        _ = client.takeCheckedFiles()
        // The model stops being an ObservableObject: the view (never opened) is no longer reported.
        client.change(modelPath, version: 2, [["text": .string(Fixtures.plainModel)]])
        client.diagnostics(view) { $0.isEmpty }
        let checked = Set(client.takeCheckedFiles())
        XCTAssertTrue(checked.contains(project.path("CounterView.swift")))
        XCTAssertFalse(checked.contains(project.path("Badge.swift")), "a file that mentions nothing of the model is not linted again")
        // And back.
        client.change(modelPath, version: 3, [["text": .string(Fixtures.model)]])
        XCTAssertEqual(codes(client.diagnostics(view) { !$0.isEmpty }), ["owned_model_state_object"])
        client.shutDown()
    }

    func testAnEditInvisibleToOtherFilesRelintsOnlyThatFile() {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model, "CounterView.swift": Fixtures.view, "Badge.swift": Fixtures.badge])
        let client = TestClient()
        client.start(folders: [project.root])
        client.diagnostics(project.uri("CounterView.swift"))
        let modelPath = project.path("CounterViewModel.swift")
        client.open(modelPath, text: Fixtures.model)
        // Wait until the open buffer was linted (the request waits for it), then edit a method body.
        _ = client.request("textDocument/hover", ["textDocument": ["uri": .string(project.uri("CounterViewModel.swift"))], "position": ["line": 0, "character": 0]])
        _ = client.takeCheckedFiles()
        client.change(modelPath, version: 2, [["range": ["start": ["line": 5, "character": 25], "end": ["line": 5, "character": 35]], "text": "count += 2"]])
        _ = client.request("textDocument/hover", ["textDocument": ["uri": .string(project.uri("CounterViewModel.swift"))], "position": ["line": 0, "character": 0]])
        XCTAssertEqual(client.takeCheckedFiles(), [modelPath])
        client.shutDown()
    }

    func testNotesPointIntoOtherFilesAndFollowThem() throws {
        let state = """
        import Foundation

        final class OrdersState {
            var items: [String] = []
        }

        """
        let model = """
        import SwiftUI

        @MainActor
        final class OrdersViewModel: ObservableObject {
            @Published private(set) var state = OrdersState()
        }

        """
        let project = TemporaryProject(["OrdersState.swift": state, "OrdersViewModel.swift": model])
        let client = TestClient()
        client.start(folders: [project.root])
        let modelURI = project.uri("OrdersViewModel.swift")
        let found = client.diagnostics(modelURI) { !$0.isEmpty }
        XCTAssertEqual(codes(found), ["state_value_type"])
        let related = try XCTUnwrap(found[0]["relatedInformation"].array?.first)
        XCTAssertEqual(related["location"]["uri"].string, project.uri("OrdersState.swift"))
        XCTAssertEqual(TextRange(related["location"]["range"])?.start, Position(line: 2, character: 12))
        // Lines added above the class in its own file move the note in the model's diagnostics.
        let statePath = project.path("OrdersState.swift")
        client.open(statePath, text: state)
        client.change(statePath, version: 2, [["range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 0]], "text": "// one\n// two\n"]])
        let moved = client.diagnostics(modelURI) { d in TextRange(d.first?["relatedInformation"][0]["location"]["range"] ?? .null)?.start.line == 4 }
        XCTAssertEqual(codes(moved), ["state_value_type"])
        client.shutDown()
    }

    func testEditingTheConfigurationReloadsIt() throws {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.modelWithWritableState])
        let client = TestClient()
        client.start(folders: [project.root])
        let uri = project.uri("CounterViewModel.swift")
        XCTAssertEqual(codes(client.diagnostics(uri)), ["state_private_set"])
        try project.write(".mvilint.json", "{ rules: { state_private_set: \"off\" } }\n")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(project.uri(".mvilint.json")), "type": 2]]])
        client.diagnostics(uri) { $0.isEmpty }
        // An invalid configuration is reported on the file; the previous one stays in use.
        try project.write(".mvilint.json", "{ rules: { state_private_set: \"sometimes\" } }\n")
        client.notify("textDocument/didSave", ["textDocument": ["uri": .string(project.uri(".mvilint.json"))]])
        let issues = client.diagnostics(project.uri(".mvilint.json")) { !$0.isEmpty }
        XCTAssertEqual(issues.first?["code"], "configuration")
        XCTAssertEqual(TextRange(issues.first?["range"] ?? .null)?.start.line, 0)
        try project.write(".mvilint.json", "{ rules: { state_private_set: \"error\" } }\n")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(project.uri(".mvilint.json")), "type": 2]]])
        client.diagnostics(project.uri(".mvilint.json")) { $0.isEmpty }
        let again = client.diagnostics(uri) { !$0.isEmpty }
        XCTAssertEqual(again.first?["severity"], 1, "now an error")
        client.shutDown()
    }

    func testFilesCreatedAndDeletedOnDiskUpdateTheIndex() throws {
        let project = TemporaryProject(["CounterView.swift": Fixtures.view])
        let client = TestClient()
        client.start(folders: [project.root], capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = client.waitFor("the file watchers") { $0["method"] == "client/registerCapability" }
        XCTAssertEqual(registration?["params"]["registrations"][0]["method"], "workspace/didChangeWatchedFiles")
        let view = project.uri("CounterView.swift")
        // `CounterViewModel` is unknown; its name makes it a model anyway, so the view is reported.
        XCTAssertEqual(codes(client.diagnostics(view)), ["owned_model_state_object"])
        // A file created outside the editor declares it as a plain class.
        try project.write("CounterViewModel.swift", Fixtures.plainModel)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(project.uri("CounterViewModel.swift")), "type": 1]]])
        client.diagnostics(view) { $0.isEmpty }
        // Deleted: the view is reported again.
        project.remove("CounterViewModel.swift")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(project.uri("CounterViewModel.swift")), "type": 3]]])
        XCTAssertEqual(codes(client.diagnostics(view) { !$0.isEmpty }), ["owned_model_state_object"])
        client.shutDown()
    }

    func testWithoutFileWatchingTheServerNoticesChangesOnDisk() throws {
        let project = TemporaryProject(["CounterView.swift": Fixtures.view])
        let client = TestClient()
        client.start(folders: [project.root], initializationOptions: ["pollSeconds": 1])
        let view = project.uri("CounterView.swift")
        XCTAssertEqual(codes(client.diagnostics(view)), ["owned_model_state_object"])
        // As a `git checkout` would: no notification at all.
        try project.write("Models/CounterViewModel.swift", Fixtures.plainModel)
        client.diagnostics(view) { $0.isEmpty }
        client.shutDown()
    }

    func testAFileDeletedWhileOpenKeepsItsBuffer() throws {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model, "CounterView.swift": Fixtures.view])
        let client = TestClient()
        client.start(folders: [project.root])
        let path = project.path("CounterView.swift"), uri = project.uri("CounterView.swift")
        client.open(path, text: Fixtures.view)
        XCTAssertEqual(codes(client.diagnostics(uri)), ["owned_model_state_object"])
        project.remove("CounterView.swift")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(uri), "type": 3]]])
        // The buffer is still linted.
        client.change(path, version: 2, [["text": .string(Fixtures.view.replacingOccurrences(of: "@ObservedObject", with: "@StateObject"))]])
        client.diagnostics(uri) { $0.isEmpty }
        client.change(path, version: 3, [["text": .string(Fixtures.view)]])
        XCTAssertEqual(codes(client.diagnostics(uri) { !$0.isEmpty }), ["owned_model_state_object"])
        // Closed: the file is gone, so are its diagnostics.
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        client.diagnostics(uri) { $0.isEmpty }
        client.shutDown()
    }

    func testEachWorkspaceFolderHasItsOwnConfiguration() throws {
        let search = """
        import SwiftUI

        @MainActor
        final class SearchViewModel: ObservableObject {
            @Published var query = ""
        }

        struct SearchView: View {
            @StateObject private var viewModel = SearchViewModel()
            var body: some View { TextField("Search", text: $viewModel.query) }
        }

        """
        let mvvm = TemporaryProject(["Search.swift": search])
        let mvi = TemporaryProject(["Search.swift": search, ".mvilint.json": "{ profile: \"mvi\" }\n"])
        let client = TestClient()
        client.start(folders: [mvvm.root, mvi.root])
        let a = codes(client.diagnostics(mvvm.uri("Search.swift")))
        let b = codes(client.diagnostics(mvi.uri("Search.swift")))
        XCTAssertFalse(a.contains("view_binds_model_state"), "\(a)")
        XCTAssertTrue(b.contains("view_binds_model_state"), "\(b)")
        // A folder added later is indexed too; a removed one is cleared.
        let third = TemporaryProject(["CounterViewModel.swift": Fixtures.modelWithWritableState])
        client.notify("workspace/didChangeWorkspaceFolders", ["event": ["added": [["uri": .string(URIs.uri(fromPath: third.root)), "name": "third"]],
                                                                        "removed": [["uri": .string(URIs.uri(fromPath: mvi.root)), "name": "mvi"]]]])
        XCTAssertEqual(codes(client.diagnostics(third.uri("CounterViewModel.swift"))), ["state_private_set"])
        client.diagnostics(mvi.uri("Search.swift")) { $0.isEmpty }
        client.shutDown()
    }
}
