/// `mvilint new screen` and `mvilint xcode-template export`: the files they write lint clean under
/// the pattern's profile, type-check, and are never overwritten.
import Foundation
import XCTest
import MVILintCore
import MVILintRules

final class ScaffoldTests: XCTestCase {
    private var directories: [String] = []

    override func tearDown() {
        typeCheckSkipped = nil
        for d in directories { try? FileManager.default.removeItem(atPath: d) }
        directories = []
        super.tearDown()
    }

    /// A new, empty temporary directory, removed after the test.
    private func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-scaffold-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        directories.append(dir)
        return dir
    }

    private func run(_ arguments: [String]) -> CLIOutput { runCLI(arguments, rules: allRules, version: "test") }

    private func swiftFiles(in dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".swift") }.sorted().map { dir + "/" + $0 }
    }

    /// Lints `dir` with `--strict` under `profile` and fails on any finding.
    private func assertLintsClean(_ dir: String, profile: String, extra: [String] = [], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let r = run(["lint", dir, "--profile", profile, "--strict", "--quiet"] + extra)
        XCTAssertEqual(r.status, 0, "\(what): \(r.stdout)\(r.stderr)", file: file, line: line)
        XCTAssertEqual(r.stdout, "", "\(what)", file: file, line: line)
    }

    /// Why the files were not type-checked (no compiler): the test checks everything else, then
    /// ends as skipped with this message.
    private var typeCheckSkipped: String?

    private func assertTypeChecks(_ files: [String], _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        do {
            let r = try TypeCheck.check(files)
            XCTAssertEqual(r.status, 0, "\(what) does not type-check:\n\(r.output)", file: file, line: line)
            #if !canImport(Darwin)
            // The Swift 6 language mode checks data-race safety too.
            let strict = try TypeCheck.check(files, swiftVersion: "6")
            XCTAssertEqual(strict.status, 0, "\(what) does not type-check in the Swift 6 language mode:\n\(strict.output)", file: file, line: line)
            #endif
        } catch let skip as XCTSkip {
            typeCheckSkipped = skip.message
        }
    }

    /// Ends a test that could not type-check as skipped, once everything else was checked.
    private func skipIfNotTypeChecked() throws {
        if let message = typeCheckSkipped { throw XCTSkip(message) }
    }

    // MARK: new screen

    func testEveryPatternLintsCleanTypeChecksAndIsNeverOverwritten() throws {
        let expected: [String: [String]] = [
            "mvvm": ["ProfileUseCase.swift", "ProfileView.swift", "ProfileViewModel.swift"],
            "mvi": ["ProfileStore.swift", "ProfileUseCase.swift", "ProfileView.swift"],
            "redux": ["ProfileFeature.swift", "ProfileUseCase.swift", "ProfileView.swift", "Store.swift"],
        ]
        for pattern in ["mvvm", "mvi", "redux"] {
            for observable in [false, true] {
                let what = "\(pattern)\(observable ? " --observable" : "")"
                let dir = try temporaryDirectory()
                let options = ["new", "screen", "Profile", "--pattern", pattern, "--dir", dir] + (observable ? ["--observable"] : [])
                let first = run(options)
                XCTAssertEqual(first.status, 0, "\(what): \(first.stderr)")
                XCTAssertEqual(first.stderr, "", what)
                let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
                XCTAssertEqual(names, expected[pattern], what)
                for name in names { XCTAssertTrue(first.stdout.contains("Wrote \(dir)/\(name)\n"), "\(what): \(first.stdout)") }
                let files = try swiftFiles(in: dir)
                let model = try String(contentsOfFile: files.first { $0.hasSuffix(pattern == "mvvm" ? "ViewModel.swift" : pattern == "mvi" ? "Store.swift" : "/Store.swift") }!, encoding: .utf8)
                XCTAssertEqual(model.contains("@Observable"), observable, what)
                XCTAssertEqual(model.contains("ObservableObject"), !observable, what)

                assertLintsClean(dir, profile: pattern == "mvvm" ? "mvvm" : "mvi", what)
                try assertTypeChecks(files, what)

                // A second run replaces nothing and names what is in the way.
                let before = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }
                let second = run(options)
                XCTAssertEqual(second.status, 2, what)
                XCTAssertEqual(second.stdout, "", what)
                XCTAssertTrue(second.stderr.contains("Error: \(dir)/ProfileView.swift already exists; it was not replaced"), "\(what): \(second.stderr)")
                XCTAssertTrue(second.stderr.contains("nothing was written"), what)
                XCTAssertEqual(try files.map { try String(contentsOfFile: $0, encoding: .utf8) }, before, what)
            }
        }
        try skipIfNotTypeChecked()
    }

    /// The screens' sources keep the patterns' promises: the view model resets its loading flag in
    /// `defer` and handles cancellation; the MVI view only sends intents; the reducer is pure.
    func testThePatternsKeepTheirShape() {
        let naming = ScaffoldNaming()
        let mvvm = ScreenSources.files(naming.names("Orders", pattern: .mvvm), pattern: .mvvm, observable: false)
        let viewModel = mvvm.first { $0.name == "OrdersViewModel.swift" }!.contents
        XCTAssertTrue(viewModel.contains("@MainActor\nfinal class OrdersViewModel: ObservableObject"))
        XCTAssertTrue(viewModel.contains("defer { isLoading = false }"))
        XCTAssertTrue(viewModel.contains("catch is CancellationError"))
        XCTAssertTrue(viewModel.contains("init(useCase: any OrdersUseCase)"))
        XCTAssertTrue(mvvm.first { $0.name == "OrdersUseCase.swift" }!.contents.contains("protocol OrdersUseCase: Sendable"))
        let view = mvvm.first { $0.name == "OrdersView.swift" }!.contents
        XCTAssertTrue(view.contains("@StateObject private var viewModel: OrdersViewModel"))
        XCTAssertTrue(view.contains(".task(id: loadRequest)"))

        let mvi = ScreenSources.files(naming.names("Orders", pattern: .mvi), pattern: .mvi, observable: true)
        let store = mvi.first { $0.name == "OrdersStore.swift" }!.contents
        XCTAssertTrue(store.contains("struct OrdersState: Equatable"))
        XCTAssertTrue(store.contains("enum OrdersIntent: Equatable"))
        XCTAssertTrue(store.contains("func send(_ intent: OrdersIntent) async"))
        XCTAssertTrue(store.contains("await send(answer)"), "the effect's answer comes back as an intent")
        let mviView = mvi.first { $0.name == "OrdersView.swift" }!.contents
        XCTAssertTrue(mviView.contains("@State private var store: OrdersStore"))
        XCTAssertFalse(mviView.contains("store.state.content = "), "the view does not write the state")

        let redux = ScreenSources.files(naming.names("Orders", pattern: .redux), pattern: .redux, observable: false)
        let feature = redux.first { $0.name == "OrdersFeature.swift" }!.contents
        XCTAssertTrue(feature.contains("static func reduce(_ state: inout OrdersState, _ action: OrdersAction)"))
        XCTAssertTrue(redux.last!.isShared && redux.last!.contents.contains("final class Store<State, Action>: ObservableObject"))
        XCTAssertTrue(redux.last!.contents.contains("func dispatch(_ action: Action) async"))
    }

    func testThePatternDefaultsToTheConfiguredProfile() throws {
        let dir = try temporaryDirectory()
        try "{ profile: 'mvi' }\n".write(toFile: dir + "/.mvilint.json", atomically: true, encoding: .utf8)
        let r = run(["new", "screen", "Cart", "--dir", dir + "/Cart"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("Created the MVI screen Cart"), r.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/Cart/CartStore.swift"))
        assertLintsClean(dir, profile: "mvi", "mvi by configuration")

        let plain = try temporaryDirectory()
        let m = run(["new", "screen", "Cart", "--dir", plain])
        XCTAssertEqual(m.status, 0, m.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: plain + "/CartViewModel.swift"), "mvvm without a configuration")
    }

    func testNamesTakeTheConfiguredSuffixes() throws {
        let dir = try temporaryDirectory()
        try "{ model_suffixes: ['Model'], usecase_suffixes: ['Service'] }\n".write(toFile: dir + "/.mvilint.json", atomically: true, encoding: .utf8)
        for (pattern, observable) in [("mvvm", false), ("redux", true)] {
            let target = dir + "/" + pattern
            let r = run(["new", "screen", "Cart", "--pattern", pattern, "--dir", target] + (observable ? ["--observable"] : []))
            XCTAssertEqual(r.status, 0, r.stderr)
            let names = try FileManager.default.contentsOfDirectory(atPath: target).sorted()
            XCTAssertEqual(names, pattern == "mvvm" ? ["CartModel.swift", "CartService.swift", "CartView.swift"]
                                                   : ["CartFeature.swift", "CartService.swift", "CartView.swift", "Model.swift"])
            let view = try String(contentsOfFile: target + "/CartView.swift", encoding: .utf8)
            XCTAssertTrue(view.contains("init(useCase: any CartService)"), view)
            try assertTypeChecks(try swiftFiles(in: target), "\(pattern) with configured suffixes")
        }
        assertLintsClean(dir + "/mvvm", profile: "mvvm", "configured suffixes, mvvm")
        assertLintsClean(dir + "/redux", profile: "mvi", "configured suffixes, redux")
        try skipIfNotTypeChecked()
    }

    /// A second redux screen uses the project's generic store, and refuses one of the other kind.
    func testReduxScreensShareTheGenericStore() throws {
        let dir = try temporaryDirectory()
        XCTAssertEqual(run(["new", "screen", "Cart", "--pattern", "redux", "--dir", dir + "/Cart"]).status, 0)
        let otherKind = run(["new", "screen", "Orders", "--pattern", "redux", "--observable", "--dir", dir + "/Cart"])
        XCTAssertEqual(otherKind.status, 2)
        XCTAssertTrue(otherKind.stderr.contains("is an ObservableObject; leave out --observable"), otherKind.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/Cart/OrdersView.swift"), "nothing was written")

        // Inside a project (a .mvilint.json marks its root), the store is found in another directory.
        try "{}\n".write(toFile: dir + "/.mvilint.json", atomically: true, encoding: .utf8)
        let second = run(["new", "screen", "Orders", "--pattern", "redux", "--dir", dir + "/Orders"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("Uses Store from \(dir)/Cart/Store.swift"), second.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/Orders/Store.swift"))
        assertLintsClean(dir, profile: "mvi", "two redux screens")
        try assertTypeChecks(try swiftFiles(in: dir + "/Cart") + swiftFiles(in: dir + "/Orders"), "two redux screens")
        try skipIfNotTypeChecked()
    }

    func testBadNamesAndUsageAreClearErrors() throws {
        let dir = try temporaryDirectory()
        let cases: [(String, String)] = [
            ("profile", "must start with a capital letter"),
            ("My-Screen", "not a Swift type name in UpperCamelCase"),
            ("Écran", "not a Swift type name in UpperCamelCase"),
            ("1Screen", "must start with a capital letter"),
            ("View", "names a Swift or SwiftUI type"),
            ("", "the screen's name is empty"),
        ]
        for (name, message) in cases {
            let r = run(["new", "screen", name, "--dir", dir])
            XCTAssertEqual(r.status, 2, name)
            XCTAssertTrue(r.stderr.hasPrefix("Error: "), r.stderr)
            XCTAssertTrue(r.stderr.contains(message), "\(name): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("Usage: mvilint new screen <name>"), r.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
        let usage: [([String], String)] = [
            (["new"], "missing what to create"),
            (["new", "scren", "Profile"], "Did you mean 'screen'?"),
            (["new", "screen"], "missing the screen's name"),
            (["new", "screen", "Profile", "Extra"], "unexpected argument 'Extra'"),
            (["new", "screen", "Profile", "--pattern", "mvc"], "expected one of: mvvm, mvi, redux"),
            (["xcode-template"], "missing the action"),
            (["xcode-template", "export"], "missing the directory"),
            (["xcode-template", "exprt", dir], "Did you mean 'export'?"),
        ]
        for (arguments, message) in usage {
            let r = run(arguments)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertTrue(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        let help = run(["help", "new"])
        XCTAssertEqual(help.status, 0)
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(words.contains("--pattern <pattern>") && words.contains("Values: mvvm, mvi, redux."), help.stdout)
    }

    /// docs/scaffold.md shows what the commands it quotes write: each file shown after a
    /// `mvilint new screen` line is that command's file, as it is generated today.
    func testTheScaffoldPageShowsTheGeneratedFiles() throws {
        let page = try String(contentsOfFile: TypeCheck.repositoryRoot + "/docs/scaffold.md", encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        var files: [ScaffoldFile] = []
        var shown = 0
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if line.hasPrefix("mvilint new screen "), !line.contains("<") {
                let words = line.split(separator: " ").map(String.init)
                let pattern = ScreenPattern(rawValue: words[words.firstIndex(of: "--pattern")! + 1])!
                files = ScreenSources.files(ScaffoldNaming().names(words[3], pattern: pattern), pattern: pattern, observable: words.contains("--observable"))
            } else if line.hasPrefix("#### `"), line.hasSuffix(".swift`") {
                let name = String(line.dropFirst(6).dropLast())
                XCTAssertEqual(lines[i + 2], "```swift", name)
                let end = try XCTUnwrap(lines[(i + 3)...].firstIndex(of: "```"), name)
                let text = lines[(i + 3)..<end].joined(separator: "\n") + "\n"
                let file = try XCTUnwrap(files.first { $0.name == name }, "\(name) is not written by the command above it")
                XCTAssertEqual(text, file.contents, "docs/scaffold.md: \(name) differs from what the command writes")
                shown += 1
                i = end
            }
            i += 1
        }
        XCTAssertGreaterThanOrEqual(shown, 9)
    }

    // MARK: Xcode templates

    func testXcodeTemplatesAreValidPropertyListsWhoseFilesLintCleanAndTypeCheck() throws {
        let dir = try temporaryDirectory()
        let r = run(["xcode-template", "export", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("Wrote \(dir)/SwiftUI Screen.xctemplate\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Wrote \(dir)/Redux Store.xctemplate\n"), r.stdout)

        let screen = dir + "/SwiftUI Screen.xctemplate"
        let store = dir + "/Redux Store.xctemplate"
        let screenInfo = try propertyList(screen + "/TemplateInfo.plist")
        let storeInfo = try propertyList(store + "/TemplateInfo.plist")
        for info in [screenInfo, storeInfo] {
            XCTAssertEqual(info["Kind"] as? String, "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind")
        }
        // The variant folders are the popup's values, followed by the checkbox's identifier when checked.
        let options = try XCTUnwrap(screenInfo["Options"] as? [[String: Any]])
        XCTAssertEqual(options.compactMap { $0["Identifier"] as? String }, ["productName", "pattern", "Observable"])
        XCTAssertEqual(options.compactMap { $0["Type"] as? String }, ["text", "popup", "checkbox"])
        let patterns = try XCTUnwrap(options[1]["Values"] as? [String])
        XCTAssertEqual(patterns, ["MVVM", "MVI", "Redux"])
        let folders = try FileManager.default.contentsOfDirectory(atPath: screen).filter { $0 != "TemplateInfo.plist" }.sorted()
        XCTAssertEqual(folders, patterns.flatMap { [$0, $0 + "Observable"] }.sorted())
        let storeOptions = try XCTUnwrap(storeInfo["Options"] as? [[String: Any]])
        let storeVariants = try XCTUnwrap(storeOptions[1]["Values"] as? [String])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store).filter { $0 != "TemplateInfo.plist" }.sorted(), storeVariants.sorted())

        // Each variant, filled in as Xcode fills it in, is the screen `new screen` writes: it lints
        // clean and type-checks.
        for pattern in ScreenPattern.allCases {
            for observable in [false, true] {
                let variant = pattern.displayName + (observable ? "Observable" : "")
                let out = try temporaryDirectory()
                try instantiate(screen + "/" + variant, productName: "Profile", into: out)
                if pattern == .redux { try instantiate(store + "/" + (observable ? "Observable" : "ObservableObject"), productName: "Store", into: out) }
                let generated = try temporaryDirectory()
                XCTAssertEqual(run(["new", "screen", "Profile", "--pattern", pattern.rawValue, "--dir", generated] + (observable ? ["--observable"] : [])).status, 0)
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), try FileManager.default.contentsOfDirectory(atPath: generated).sorted(), variant)
                for name in try FileManager.default.contentsOfDirectory(atPath: out) {
                    XCTAssertEqual(try String(contentsOfFile: out + "/" + name, encoding: .utf8), try String(contentsOfFile: generated + "/" + name, encoding: .utf8), "\(variant)/\(name)")
                }
                assertLintsClean(out, profile: pattern.profile.rawValue, "template \(variant)")
                try assertTypeChecks(try swiftFiles(in: out), "template \(variant)")
            }
        }

        let again = run(["xcode-template", "export", dir])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("\(screen) already exists; it was not replaced"), again.stderr)
        try skipIfNotTypeChecked()
    }

    /// Reads a property list: with `plutil -lint` when the tool exists (it does on macOS, and
    /// ships with the Swift toolchain on Linux), and always with Foundation's parser.
    private func propertyList(_ path: String) throws -> [String: Any] {
        if let plutil = ["/usr/bin/plutil", TypeCheck.swiftc.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path + "/plutil" }]
            .compactMap({ $0 }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            let lint = TypeCheck.run(plutil, ["-lint", path])
            XCTAssertEqual(lint.status, 0, "plutil -lint \(path): \(lint.output)")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var format = PropertyListSerialization.PropertyListFormat.binary
        let value = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        XCTAssertEqual(format, .xml, path)
        return try XCTUnwrap(value as? [String: Any], path)
    }

    /// Copies the files of a template variant into `directory` as Xcode would create them for
    /// `productName`: `___FILEBASENAME___` in a file name is the product name; in a file,
    /// `___VARIABLE_productName:identifier___` is the product name and `___FILEBASENAME___` and
    /// `___FILEBASENAMEASIDENTIFIER___` are the file's own base name.
    private func instantiate(_ variant: String, productName: String, into directory: String) throws {
        for template in try FileManager.default.contentsOfDirectory(atPath: variant) {
            let name = template.replacingOccurrences(of: XcodeTemplates.fileBaseName, with: productName)
            let base = (name as NSString).deletingPathExtension
            let text = try String(contentsOfFile: variant + "/" + template, encoding: .utf8)
                .replacingOccurrences(of: XcodeTemplates.productName, with: productName)
                .replacingOccurrences(of: XcodeTemplates.fileBaseNameAsIdentifier, with: base)
                .replacingOccurrences(of: XcodeTemplates.fileBaseName, with: base)
            XCTAssertFalse(text.contains("___"), "\(variant)/\(template) has a placeholder left")
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
    }
}
