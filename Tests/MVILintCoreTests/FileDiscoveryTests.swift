/// Tests of file discovery, project-root detection and the manifest default-isolation scan.

import Foundation
@testable import MVILintCore
import XCTest

final class FileDiscoveryTests: XCTestCase {
    private var directories: [String] = []

    override func tearDown() {
        for d in directories { try? FileManager.default.removeItem(atPath: d) }
        directories = []
        super.tearDown()
    }

    /// A temporary directory holding `files` (relative path → contents) and a `.git` directory
    /// that bounds the project-root search.
    func makeTree(_ files: [String: String]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-discovery-\(UUID().uuidString)")
        let root = FileDiscovery.absolutePath(url.path)
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        directories.append(root)
        for (path, text) in files {
            let full = root + "/" + path
            // A key ending with `/` is a directory.
            if path.hasSuffix("/") {
                try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
                continue
            }
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    // MARK: Paths

    func testAbsolutePathStandardizes() {
        XCTAssertEqual(FileDiscovery.absolutePath("/a//b/./c/../d/"), "/a/b/d")
        XCTAssertEqual(FileDiscovery.absolutePath("/../.."), "/")
        XCTAssertEqual(FileDiscovery.absolutePath("x/y", relativeTo: "/base"), "/base/x/y")
        XCTAssertEqual(FileDiscovery.absolutePath("../z", relativeTo: "/base/dir"), "/base/z")
        XCTAssertEqual(FileDiscovery.absolutePath("."), FileDiscovery.absolutePath(FileManager.default.currentDirectoryPath))
        XCTAssertEqual(FileDiscovery.parent(of: "/a/b"), "/a")
        XCTAssertEqual(FileDiscovery.parent(of: "/a"), "/")
        XCTAssertEqual(FileDiscovery.parent(of: "/"), "/")
    }

    // MARK: Discovery

    func testDiscoversSortedDeduplicatedSwiftFiles() throws {
        let root = try makeTree([
            "B.swift": "", "a/A.swift": "", "a/notes.md": "", "a/z/Deep.swift": "", "Foo.swift/Inner.swift": "",
            ".build/X.swift": "", "Pods/X.swift": "", "DerivedData/X.swift": "", "Carthage/X.swift": "",
            ".swiftpm/X.swift": "", ".hidden/X.swift": "", "a/.Hidden.swift": "", "a/._A.swift": "",
            "Templates/Screen.xctemplate/___FILEBASENAME___View.swift": "",
            "Package.swift": "", "Package@swift-5.9.swift": "", "a/Package.swift": "", "a/PackageHelpers.swift": "",
        ])
        let result = FileDiscovery.swiftFiles(in: [root, root + "/a/../B.swift", root + "/a"])
        XCTAssertEqual(result.files, [
            root + "/B.swift", root + "/Foo.swift/Inner.swift", root + "/a/A.swift", root + "/a/PackageHelpers.swift", root + "/a/z/Deep.swift",
        ])
        XCTAssertTrue(result.errors.isEmpty)
        XCTAssertTrue(result.emptyInputs.isEmpty)
    }

    func testExplicitPathsAreHonoured() throws {
        let root = try makeTree([".hidden/X.swift": "", "Pods/Y.swift": "", "notes.txt": "", ".Z.swift": ""])
        let result = FileDiscovery.swiftFiles(in: [root + "/.hidden", root + "/Pods", root + "/notes.txt", root + "/.Z.swift"])
        XCTAssertEqual(result.files, [root + "/.Z.swift", root + "/.hidden/X.swift", root + "/Pods/Y.swift", root + "/notes.txt"])
    }

    func testErrorsAndEmptyInputs() throws {
        let root = try makeTree(["empty/": "", "text/readme.md": ""])
        let result = FileDiscovery.swiftFiles(in: [root + "/missing", "", root + "/empty", root + "/text"])
        XCTAssertEqual(result.files, [])
        XCTAssertEqual(result.errors, [
            InputDiagnostic(path: root + "/missing", message: "no such file or directory"),
            InputDiagnostic(path: "", message: "no such file or directory"),
        ])
        XCTAssertEqual(result.emptyInputs, [root + "/empty", root + "/text"])
    }

    func testSymlinksDoNotLoopOrDuplicate() throws {
        let root = try makeTree(["src/A.swift": "", "other/B.swift": ""])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: root + "/src/self", withDestinationPath: root + "/src")
        try fm.createSymbolicLink(atPath: root + "/src/parent", withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: root + "/src/broken.swift", withDestinationPath: root + "/nowhere.swift")
        let result = FileDiscovery.swiftFiles(in: [root])
        // `src/parent/other` is the same real directory as `other`, which is walked first.
        XCTAssertEqual(result.files, [root + "/other/B.swift", root + "/src/A.swift"])
        let linked = FileDiscovery.swiftFiles(in: [root + "/src"])
        XCTAssertEqual(linked.files, [root + "/src/A.swift", root + "/src/parent/other/B.swift"])
        // A symlink to a directory given explicitly is followed.
        try fm.createSymbolicLink(atPath: root + "/alias", withDestinationPath: root + "/other")
        XCTAssertEqual(FileDiscovery.swiftFiles(in: [root + "/alias"]).files, [root + "/alias/B.swift"])
    }

    func testDeepWideTreeIsWalkedCompletelyAndInOrder() throws {
        // Five levels of three directories (363 in all), a file in each, skipped and hidden
        // directories on the way, and symlinks from deep inside to a directory listed elsewhere:
        // directories are listed a level at a time, and the walk must still see each real
        // directory once, under the path the depth-first walk reaches first.
        var files: [String: String] = [:]
        var expected: [String] = []
        var level = [""]
        for _ in 0..<5 {
            var next: [String] = []
            for parent in level {
                for name in ["c", "a", "b"] {
                    let dir = parent.isEmpty ? name : parent + "/" + name
                    files[dir + "/F.swift"] = ""
                    files[dir + "/.build/Skipped.swift"] = ""
                    files[dir + "/.hidden/Skipped.swift"] = ""
                    next.append(dir)
                }
            }
            level = next
        }
        let root = try makeTree(files)
        for path in files.keys where !path.contains("/.") { expected.append(root + "/" + path) }
        let fm = FileManager.default
        // `a/…/link` (reached first) and `c/…/link` both lead to `b/b`: only the first is walked;
        // `b/b` itself is walked before `c`, so the `c` link adds nothing.
        try fm.createSymbolicLink(atPath: root + "/a/a/a/link", withDestinationPath: root + "/b/b")
        try fm.createSymbolicLink(atPath: root + "/c/c/c/c/link", withDestinationPath: root + "/b/b")
        let result = FileDiscovery.swiftFiles(in: [root])
        expected = expected.filter { !$0.hasPrefix(root + "/b/b/") }
        let viaLink = files.keys.filter { $0.hasPrefix("b/b/") && !$0.contains("/.") }.map { root + "/a/a/a/link/" + $0.dropFirst(4) }
        XCTAssertEqual(result.files.count, 363)
        XCTAssertEqual(result.files, (expected + viaLink).sorted())
        XCTAssertTrue(result.errors.isEmpty)
    }

    // MARK: Project root

    func testProjectRootSearchesUpward() throws {
        let root = try makeTree(["Package.swift": "", "Sources/App/Views/V.swift": "", "Sources/Core/C.swift": ""])
        XCTAssertEqual(FileDiscovery.projectRoot(for: [root + "/Sources/App/Views/V.swift"]), root)
        XCTAssertEqual(FileDiscovery.projectRoot(for: [root + "/Sources/App"]), root)
        XCTAssertEqual(FileDiscovery.projectRoot(for: [root + "/missing", root + "/Sources/Core"]), root)
    }

    func testConfigurationMarksTheRootAndNearestWins() throws {
        let root = try makeTree(["Package.swift": "", "Nested/.mvilint.json": "{}", "Nested/Deep/D.swift": "", "Fake/Package.swift/": ""])
        XCTAssertEqual(FileDiscovery.projectRoot(for: [root + "/Nested/Deep/D.swift"]), root + "/Nested")
        // A directory named Package.swift is not a manifest.
        XCTAssertEqual(FileDiscovery.projectRoot(for: [root + "/Fake"]), root)
    }

    func testXcodeProjectMarksTheRoot() throws {
        let root = try makeTree(["ios/App.xcodeproj/project.pbxproj": "", "ios/App/Views/V.swift": "", "web/Fake.xcodeproj": "", "web/W.swift": ""])
        XCTAssertEqual(FileDiscovery.projectRoot(for: [root + "/ios/App/Views/V.swift"]), root + "/ios")
        XCTAssertEqual(FileDiscovery.projectRoot(for: [root + "/ios/App"]), root + "/ios")
        // A file named like a project bundle is not one.
        XCTAssertEqual(FileDiscovery.projectRoot(for: [root + "/web/W.swift"]), root + "/web")
        XCTAssertEqual(FileDiscovery.xcodeProjects(in: root), [root + "/ios/App.xcodeproj"])
        XCTAssertEqual(FileDiscovery.xcodeProjects(in: root + "/ios"), [root + "/ios/App.xcodeproj"])
    }

    /// A file named `Package.swift` is a manifest only when it imports `PackageDescription`;
    /// otherwise it is linted like any source file and marks no project root.
    func testOnlyRealManifestsAreSkipped() throws {
        let root = try makeTree([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\")\n",
            "Tools/Package.swift": "// swift-tools-version:6.0\n@preconcurrency import PackageDescription\n",
            "Tools/Package@swift-5.9.swift": "",
            "Sources/Shop/Package.swift": "// Not a manifest: it does not import PackageDescription.\nfinal class Package {}\n",
            "Sources/Shop/View.swift": "",
        ])
        let found = FileDiscovery.swiftFiles(in: [root])
        XCTAssertEqual(found.files, [root + "/Sources/Shop/Package.swift", root + "/Sources/Shop/View.swift"])
        XCTAssertEqual(found.manifests, [root + "/Package.swift", root + "/Tools/Package.swift", root + "/Tools/Package@swift-5.9.swift"])
        XCTAssertEqual(FileDiscovery.projectRoot(for: [root + "/Sources/Shop/View.swift"]), root)
    }

    /// Packages nested in the project count for their own targets when the walk's manifests are given.
    func testNestedManifestsDefaultIsolation() throws {
        let manifest = "// swift-tools-version:6.2\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\", swiftSettings: [.defaultIsolation(MainActor.self)])])\n"
        let root = try makeTree(["App/Main.swift": "", "Packages/Kit/Package.swift": manifest, "Packages/Kit/Sources/Kit/Model.swift": ""])
        let found = FileDiscovery.swiftFiles(in: [root])
        XCTAssertEqual(FileDiscovery.defaultMainActorDirectories(projectRoot: root, manifests: found.manifests), [root + "/Packages/Kit/Sources/Kit/"])
        // Without them, only the root's manifest is read (there is none here).
        XCTAssertEqual(FileDiscovery.defaultMainActorDirectories(projectRoot: root), [])
    }

    /// The only target of a package may keep its sources right in `Sources/`; with two targets,
    /// or a folder named after the target, the folder is the target's.
    func testSingleTargetSourcesRootDefaultIsolation() throws {
        let single = "// swift-tools-version:6.2\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\", swiftSettings: [.defaultIsolation(MainActor.self)]), .testTarget(name: \"KitTests\")])\n"
        let root = try makeTree(["Package.swift": single, "Sources/Models/Player.swift": ""])
        XCTAssertEqual(FileDiscovery.defaultMainActorDirectories(projectRoot: root), [root + "/Sources/"])
        let named = try makeTree(["Package.swift": single, "Sources/Kit/Player.swift": ""])
        XCTAssertEqual(FileDiscovery.defaultMainActorDirectories(projectRoot: named), [named + "/Sources/Kit/"])
        let two = single.replacingOccurrences(of: ".testTarget(name: \"KitTests\")", with: ".target(name: \"Other\")")
        let pair = try makeTree(["Package.swift": two, "Sources/Models/Player.swift": ""])
        XCTAssertEqual(FileDiscovery.defaultMainActorDirectories(projectRoot: pair), [pair + "/Sources/Kit/"])
    }

    /// An Xcode project at any depth below the root counts when the walk's findings are given;
    /// the walk lists the bundle without entering it.
    func testNestedXcodeProjectDefaultIsolation() throws {
        let root = try makeTree(["apps/ios/App.xcodeproj/project.pbxproj": XcodeProjectTests.xcode26App, "apps/ios/My App/Model.swift": "",
                                 "apps/ios/App.xcodeproj/Stray.swift": "", "Shared/S.swift": ""])
        let found = FileDiscovery.swiftFiles(in: [root])
        XCTAssertEqual(found.files, [root + "/Shared/S.swift", root + "/apps/ios/My App/Model.swift"])
        XCTAssertEqual(found.manifests, [root + "/apps/ios/App.xcodeproj"])
        XCTAssertEqual(FileDiscovery.defaultMainActorDirectories(projectRoot: root, manifests: found.manifests), [root + "/apps/ios/My App/"])
        // Without the walk, only bundles in the root and its subdirectories are looked for.
        XCTAssertEqual(FileDiscovery.defaultMainActorDirectories(projectRoot: root), [])
    }

    func testProjectRootFallsBackToTheLintPath() throws {
        let root = try makeTree(["App/Views/V.swift": ""])
        XCTAssertEqual(FileDiscovery.projectRoot(for: [root + "/App"]), root + "/App")
        XCTAssertEqual(FileDiscovery.projectRoot(for: [root + "/App/Views/V.swift"]), root + "/App/Views")
    }

    // MARK: Manifest

    func mainActorDirectories(_ manifest: String, files: [String: String] = [:]) throws -> (root: String, directories: [String]) {
        var all = files
        all["Package.swift"] = manifest
        let root = try makeTree(all)
        return (root, FileDiscovery.defaultMainActorDirectories(projectRoot: root))
    }

    func testManifestTargetsWithDefaultIsolation() throws {
        let (root, dirs) = try mainActorDirectories("""
            // swift-tools-version:6.2
            import PackageDescription

            let package = Package(
                name: "App",
                targets: [
                    .target(name: "UI", swiftSettings: [.defaultIsolation(MainActor.self)]),
                    .target(name: "Core"),
                    .executableTarget(
                        name: "Tool",
                        dependencies: ["UI", .product(name: "X", package: "x")],
                        path: "Apps/Tool/",
                        swiftSettings: [
                            .defaultIsolation( MainActor.self ),
                        ]
                    ),
                    .testTarget(name: "UITests", swiftSettings: [.defaultIsolation(MainActor.self)]),
                    .target(name: "Background", swiftSettings: [.defaultIsolation(nil)]),
                    .target(name: "Flags", swiftSettings: [.unsafeFlags(["-default-isolation", "MainActor"])]),
                ]
            )
            """)
        XCTAssertEqual(dirs, [root + "/Apps/Tool/", root + "/Sources/Flags/", root + "/Sources/UI/", root + "/Tests/UITests/"])
    }

    func testManifestIgnoresCommentsAndStrings() throws {
        let (_, dirs) = try mainActorDirectories(#"""
            // .target(name: "A", swiftSettings: [.defaultIsolation(MainActor.self)])
            /* .target(name: "B", swiftSettings: [.defaultIsolation(MainActor.self)]) /* nested */ */
            let text = ".target(name: \"C\", swiftSettings: [.defaultIsolation(MainActor.self)])"
            let raw = #".target(name: "D", swiftSettings: [.defaultIsolation(MainActor.self)])"#
            let multi = """
                .target(name: "E", swiftSettings: [.defaultIsolation(MainActor.self)])
                """
            let package = Package(name: "P", targets: [.target(name: "F")])
            """#)
        XCTAssertEqual(dirs, [])
    }

    func testManifestSharedSettingsVariableAndSourceDirectory() throws {
        let (root, dirs) = try mainActorDirectories("""
            let isolation: [SwiftSetting] = [.defaultIsolation(MainActor.self)]
            let common = isolation + [.enableUpcomingFeature("ExistentialAny")]
            let package = Package(
                name: "P",
                targets: [
                    .target(name: "A", swiftSettings: common),
                    .target(name: "B", swiftSettings: [.enableUpcomingFeature("X")]),
                ]
            )
            """, files: ["src/A/A.swift": ""])
        XCTAssertEqual(dirs, [root + "/src/A/"])
    }

    func testManifestLoopOverPackageTargets() throws {
        let base = """
            let package = Package(name: "P", targets: [.target(name: "A"), .testTarget(name: "ATests")])
            for target in package.targets %@ {
                var settings = target.swiftSettings ?? []
                settings.append(.defaultIsolation(MainActor.self))
                target.swiftSettings = settings
            }
            """
        let (root, all) = try mainActorDirectories(base.replacingOccurrences(of: "%@", with: ""))
        XCTAssertEqual(all, [root + "/Sources/A/", root + "/Tests/ATests/"])
        let (root2, nonTest) = try mainActorDirectories(base.replacingOccurrences(of: "%@", with: "where target.type != .test"))
        XCTAssertEqual(nonTest, [root2 + "/Sources/A/"])
    }

    func testWeirdManifestsNeverCrash() throws {
        let samples = [
            "", "(((((", ")))]]}}", ".target(", ".target(name: \"A\", swiftSettings: [.defaultIsolation(MainActor.self)",
            "\"unterminated", "#\"raw unterminated", "\"\"\"\nmulti", "/* open comment", "\"\\(\"", ".target(name: \"\\(x)\")",
            "let", "let x", "for", "for x in package.targets", ".defaultIsolation(MainActor.", "`", "#####",
            ".target(name: \"A\", path: \"../../..\", swiftSettings: [.defaultIsolation(MainActor.self)])",
        ]
        for sample in samples {
            _ = ManifestScanner(bytes: Array(sample.utf8)).mainActorTargets()
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = ManifestScanner(bytes: bytes).mainActorTargets()
        }
        let unclosed = ManifestScanner(bytes: Array(".target(name: \"A\", swiftSettings: [.defaultIsolation(MainActor.self)".utf8)).mainActorTargets()
        XCTAssertEqual(unclosed, [ManifestScanner.Target(name: "A", path: nil, isTest: false)])
        let interpolated = ManifestScanner(bytes: Array(".target(name: \"A\\(x)\", swiftSettings: [.defaultIsolation(MainActor.self)])".utf8)).mainActorTargets()
        XCTAssertEqual(interpolated, [])
        XCTAssertEqual(FileDiscovery.defaultMainActorDirectories(projectRoot: "/definitely/not/here"), [])
    }

    func testManifestPathEscapingTheRoot() throws {
        let (root, dirs) = try mainActorDirectories(".target(name: \"A\", path: \"../Shared\", swiftSettings: [.defaultIsolation(MainActor.self)])")
        XCTAssertEqual(dirs, [FileDiscovery.parent(of: root) + "/Shared/"])
    }
}
