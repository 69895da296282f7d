/// Tests of the Xcode project reader: which targets default to MainActor isolation, and which
/// folders and files they compile.

import Foundation
@testable import MVILintCore
import XCTest

final class XcodeProjectTests: XCTestCase {
    private var directories: [String] = []

    override func tearDown() {
        for d in directories { try? FileManager.default.removeItem(atPath: d) }
        directories = []
        super.tearDown()
    }

    /// A `project.pbxproj` whose objects are `objects` (written between the file's usual header
    /// and `rootObject = ROOT`).
    static func pbxproj(_ objects: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 77;
        \tobjects = {
        \(objects)
        \t};
        \trootObject = ROOT /* Project object */;
        }

        """
    }

    /// A build configuration list `id` holding configurations named Debug and Release with the
    /// given isolation settings (nil: not set), plus their objects.
    static func configurations(_ id: String, debug: String?, release: String?, baseReference: String? = nil) -> String {
        func configuration(_ name: String, _ value: String?) -> String {
            let setting = value.map { "\t\t\t\tSWIFT_DEFAULT_ACTOR_ISOLATION = \($0);\n" } ?? ""
            let base = baseReference.map { "\t\t\tbaseConfigurationReference = \($0) /* Base.xcconfig */;\n" } ?? ""
            return """
            \t\t\(id)\(name) /* \(name) */ = {
            \t\t\tisa = XCBuildConfiguration;
            \(base)\t\t\tbuildSettings = {
            \t\t\t\tSWIFT_VERSION = 5.0;
            \(setting)\t\t\t};
            \t\t\tname = \(name);
            \t\t};

            """
        }
        return configuration("Debug", debug) + configuration("Release", release) + """
        \t\t\(id) /* Build configuration list */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\t\(id)Debug /* Debug */,
        \t\t\t\t\(id)Release /* Release */,
        \t\t\t);
        \t\t\tdefaultConfigurationName = Release;
        \t\t};

        """
    }

    /// The project of a new Xcode 26 app: an app target with a synchronised folder and the
    /// setting in both configurations, and a test target without it.
    static let xcode26App = pbxproj("""
        \t\tAPPDIR /* My App */ = {
        \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
        \t\t\tpath = "My App";
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tTESTDIR /* My AppTests */ = {isa = PBXFileSystemSynchronizedRootGroup; path = "My AppTests"; sourceTree = "<group>"; };
        \t\tMAIN = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tAPPDIR /* My App */,
        \t\t\t\tTESTDIR /* My AppTests */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tAPP /* My App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = APPCONF /* Build configuration list for PBXNativeTarget "My App" */;
        \t\t\tbuildPhases = (
        \t\t\t);
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\tAPPDIR /* My App */,
        \t\t\t);
        \t\t\tname = "My App";
        \t\t};
        \t\tTESTS /* My AppTests */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = TESTCONF;
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\tTESTDIR,
        \t\t\t);
        \t\t\tname = "My AppTests";
        \t\t};
        \(configurations("APPCONF", debug: "MainActor", release: "MainActor"))\
        \(configurations("TESTCONF", debug: nil, release: nil))\
        \(configurations("PROJCONF", debug: nil, release: nil))\
        \t\tROOT /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tbuildConfigurationList = PROJCONF;
        \t\t\tmainGroup = MAIN;
        \t\t\tprojectDirPath = "";
        \t\t\ttargets = (
        \t\t\t\tAPP /* My App */,
        \t\t\t\tTESTS /* My AppTests */,
        \t\t\t);
        \t\t};
        """)

    func testXcode26AppTargetFolderIsMainActor() {
        let paths = XcodeProject.defaultMainActorPaths(pbxproj: Array(Self.xcode26App.utf8), projectDirectory: "/work/App")
        XCTAssertEqual(paths, ["/work/App/My App/"])
    }

    /// A folder the project file spells in another case than the disk (`path = "my app";` for
    /// `My App`, which Xcode builds on macOS's case-insensitive file system) is given as on disk,
    /// so that the files found there match; a folder that does not exist is kept as written.
    func testFolderSpelledInAnotherCaseTakesTheDiskSpelling() throws {
        let root = FileDiscovery.absolutePath(NSTemporaryDirectory()) + "/mvilint-xcode-\(UUID().uuidString)"
        directories.append(root)
        try FileManager.default.createDirectory(atPath: root + "/My App", withIntermediateDirectories: true)
        let lowered = Self.xcode26App.replacingOccurrences(of: "path = \"My App\";", with: "path = \"my app\";")
        XCTAssertNotEqual(lowered, Self.xcode26App)
        let paths = XcodeProject.defaultMainActorPaths(pbxproj: Array(lowered.utf8), projectDirectory: root)
        XCTAssertEqual(paths, [root + "/My App/"])
        let missing = XcodeProject.defaultMainActorPaths(pbxproj: Array(lowered.utf8), projectDirectory: root + "/gone")
        XCTAssertEqual(missing, [root + "/gone/my app/"])
    }

    /// Exception sets of synchronised folders: a file left out of the MainActor target's own
    /// folder, and a file of another target's folder taken into the MainActor target.
    func testMembershipExceptionsOfSynchronisedFolders() {
        let project = Self.xcode26App
            .replacingOccurrences(of: """
            \t\t\tpath = "My App";
            """, with: """
            \t\t\texceptions = (
            \t\t\t\tOUT /* Exceptions for "My App" folder in "My App" target */,
            \t\t\t);
            \t\t\tpath = "My App";
            """)
            .replacingOccurrences(of: """
            TESTDIR /* My AppTests */ = {isa = PBXFileSystemSynchronizedRootGroup; path
            """, with: """
            TESTDIR /* My AppTests */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (IN, OTHER, ); path
            """)
            .replacingOccurrences(of: "\t\tMAIN = {", with: """
            \t\tOUT = {
            \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            \t\t\tmembershipExceptions = (
            \t\t\t\tLegacy/OldModel.swift,
            \t\t\t\tInfo.plist,
            \t\t\t);
            \t\t\ttarget = APP /* My App */;
            \t\t};
            \t\tIN = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ("Shared Fixtures.swift", ); target = APP; };
            \t\tOTHER = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Helper.swift, ); target = TESTS; };
            \t\tMAIN = {
            """)
        let paths = XcodeProject.defaultMainActorPaths(pbxproj: Array(project.utf8), projectDirectory: "/work/App")
        XCTAssertEqual(paths, ["!/work/App/My App/Legacy/OldModel.swift", "/work/App/My App/", "/work/App/My AppTests/Shared Fixtures.swift"])
        let index = ProjectIndex(summaries: [], defaultMainActorDirectories: paths)
        XCTAssertTrue(index.isDefaultMainActor(path: "/work/App/My App/Models/FeedModel.swift"))
        XCTAssertFalse(index.isDefaultMainActor(path: "/work/App/My App/Legacy/OldModel.swift"))
        XCTAssertTrue(index.isDefaultMainActor(path: "/work/App/My AppTests/Shared Fixtures.swift"))
        XCTAssertFalse(index.isDefaultMainActor(path: "/work/App/My AppTests/Helper.swift"))
    }

    /// Classic groups: the files of the Sources build phase, resolved through nested groups,
    /// `SOURCE_ROOT` and absolute paths; the project-level setting applies where the target sets
    /// none, and a target whose configurations disagree does not count.
    func testSourcesPhaseFilesAndProjectLevelSetting() {
        // A quoted value is the same value.
        let quoted = "\"MainActor\""
        let project = Self.pbxproj("""
            \t\tMAIN = {isa = PBXGroup; children = (SRC, ROOTFILE, ABSFILE, SDKFILE, ); sourceTree = "<group>"; };
            \t\tSRC /* Sources */ = {isa = PBXGroup; children = (NESTED, ); path = Sources; sourceTree = "<group>"; };
            \t\tNESTED /* Feature */ = {isa = PBXGroup; children = (MODEL, PLIST, ); name = Feature; path = "Feature/Sub"; sourceTree = "<group>"; };
            \t\tMODEL /* CounterModel.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = CounterModel.swift; sourceTree = "<group>"; };
            \t\tPLIST /* Info.plist */ = {isa = PBXFileReference; path = Info.plist; sourceTree = "<group>"; };
            \t\tROOTFILE /* Root.swift */ = {isa = PBXFileReference; path = Other/Root.swift; sourceTree = SOURCE_ROOT; };
            \t\tABSFILE /* Abs.swift */ = {isa = PBXFileReference; path = /opt/shared/Abs.swift; sourceTree = "<absolute>"; };
            \t\tSDKFILE /* Sdk.swift */ = {isa = PBXFileReference; path = Sdk.swift; sourceTree = SDKROOT; };
            \t\tB1 = {isa = PBXBuildFile; fileRef = MODEL /* CounterModel.swift */; };
            \t\tB2 = {isa = PBXBuildFile; fileRef = ROOTFILE; };
            \t\tB3 = {isa = PBXBuildFile; fileRef = ABSFILE; };
            \t\tB4 = {isa = PBXBuildFile; fileRef = SDKFILE; };
            \t\tB5 = {isa = PBXBuildFile; fileRef = PLIST; };
            \t\tPHASE /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B1, B2, B3, B4, B5, ); };
            \t\tOTHERPHASE = {isa = PBXSourcesBuildPhase; files = (B2, ); };
            \t\tAPP = {isa = PBXNativeTarget; buildConfigurationList = APPCONF; buildPhases = (PHASE, ); name = App; };
            \t\tMIXED = {isa = PBXNativeTarget; buildConfigurationList = MIXEDCONF; buildPhases = (OTHERPHASE, ); name = Mixed; };
            \t\tAGG = {isa = PBXAggregateTarget; buildConfigurationList = APPCONF; buildPhases = (PHASE, ); name = Aggregate; };
            \(Self.configurations("APPCONF", debug: nil, release: nil))\
            \(Self.configurations("MIXEDCONF", debug: "MainActor", release: "nonisolated"))\
            \(Self.configurations("PROJCONF", debug: "MainActor", release: quoted))\
            \t\tROOT = {isa = PBXProject; buildConfigurationList = PROJCONF; mainGroup = MAIN; projectDirPath = ""; targets = (APP, MIXED, AGG, ); };
            """)
        let paths = XcodeProject.defaultMainActorPaths(pbxproj: Array(project.utf8), projectDirectory: "/p")
        XCTAssertEqual(paths, ["/opt/shared/Abs.swift", "/p/Other/Root.swift", "/p/Sources/Feature/Sub/CounterModel.swift"])
    }

    /// A setting that another setting supplies, or that only one configuration has, is not read
    /// as MainActor; `nonisolated` at the target wins over a project-level MainActor.
    func testUnresolvedAndOverriddenSettingsDoNotCount() {
        let cases: [(debug: String?, release: String?, project: String?)] = [
            ("\"$(APP_ISOLATION)\"", "\"$(APP_ISOLATION)\"", "MainActor"),
            ("MainActor", nil, nil),
            ("nonisolated", "nonisolated", "MainActor"),
        ]
        for c in cases {
            let project = Self.xcode26App
                .replacingOccurrences(of: Self.configurations("APPCONF", debug: "MainActor", release: "MainActor"),
                                      with: Self.configurations("APPCONF", debug: c.debug, release: c.release))
                .replacingOccurrences(of: Self.configurations("PROJCONF", debug: nil, release: nil),
                                      with: Self.configurations("PROJCONF", debug: c.project, release: c.project))
            // The test target sets nothing and inherits the project's value.
            XCTAssertEqual(XcodeProject.defaultMainActorPaths(pbxproj: Array(project.utf8), projectDirectory: "/w"),
                           c.project == nil ? [] : ["/w/My AppTests/"], "\(c)")
        }
        // The same project with MainActor at the project level only: the app and the tests count.
        let projectLevel = Self.xcode26App
            .replacingOccurrences(of: Self.configurations("APPCONF", debug: "MainActor", release: "MainActor"),
                                  with: Self.configurations("APPCONF", debug: nil, release: nil))
            .replacingOccurrences(of: Self.configurations("PROJCONF", debug: nil, release: nil),
                                  with: Self.configurations("PROJCONF", debug: "MainActor", release: "MainActor"))
        XCTAssertEqual(XcodeProject.defaultMainActorPaths(pbxproj: Array(projectLevel.utf8), projectDirectory: "/w"), ["/w/My App/", "/w/My AppTests/"])
    }

    /// A base `.xcconfig` supplies the setting when the configuration does not set it.
    func testBaseXcconfigSuppliesTheSetting() throws {
        let root = FileDiscovery.absolutePath(NSTemporaryDirectory()) + "/mvilint-xcode-\(UUID().uuidString)"
        directories.append(root)
        try FileManager.default.createDirectory(atPath: root + "/App.xcodeproj", withIntermediateDirectories: true)
        try Data("// Shared\n#include \"Other.xcconfig\"\nSWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated\nSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor // app-wide\n".utf8)
            .write(to: URL(fileURLWithPath: root + "/Base.xcconfig"))
        let project = Self.xcode26App
            .replacingOccurrences(of: Self.configurations("APPCONF", debug: "MainActor", release: "MainActor"),
                                  with: Self.configurations("APPCONF", debug: nil, release: nil, baseReference: "XCCONFIG"))
            .replacingOccurrences(of: "\t\t\t\tAPPDIR /* My App */,\n\t\t\t\tTESTDIR", with: "\t\t\t\tAPPDIR /* My App */,\n\t\t\t\tXCCONFIG,\n\t\t\t\tTESTDIR")
        let withReference = project.replacingOccurrences(
            of: "\t\tMAIN = {", with: "\t\tXCCONFIG = {isa = PBXFileReference; path = Base.xcconfig; sourceTree = \"<group>\"; };\n\t\tMAIN = {")
        try Data(withReference.utf8).write(to: URL(fileURLWithPath: root + "/App.xcodeproj/project.pbxproj"))
        XCTAssertEqual(XcodeProject.defaultMainActorPaths(projectFile: root + "/App.xcodeproj/project.pbxproj"), [root + "/My App/"])
        // Without the file, nothing is known.
        try FileManager.default.removeItem(atPath: root + "/Base.xcconfig")
        XCTAssertEqual(XcodeProject.defaultMainActorPaths(projectFile: root + "/App.xcodeproj/project.pbxproj"), [])
    }

    /// Malformed, truncated and hostile project files give nothing and never trap.
    func testMalformedProjectFilesGiveNothing() {
        let valid = Self.xcode26App
        var inputs: [String] = [
            "", "{", "}", "(", "{ objects = { }; rootObject = ROOT; }", "{ objects = ( ); rootObject = ROOT; }",
            "{ \"unterminated = 1; }", "/* open comment", String(repeating: "{ a = ", count: 100_000),
            String(repeating: "(", count: 100_000), "{ objects = { ROOT = { isa = PBXProject; targets = (APP); }; APP = 3; }; rootObject = ROOT; }",
        ]
        for cut in stride(from: 0, to: valid.utf8.count - 3, by: 97) { inputs.append(String(decoding: Array(valid.utf8)[..<cut], as: UTF8.self)) }
        for input in inputs {
            XCTAssertEqual(XcodeProject.defaultMainActorPaths(pbxproj: Array(input.utf8), projectDirectory: "/x"), [], String(input.prefix(60)))
        }
        XCTAssertNil(OpenStepPlist.parse(Array(String(repeating: "{ a = ", count: 100_000).utf8)))
        // Groups that are each other's parent end the walk instead of looping.
        let cycle = Self.pbxproj("""
            \t\tG1 = {isa = PBXGroup; children = (G2, ); path = a; sourceTree = "<group>"; };
            \t\tG2 = {isa = PBXGroup; children = (G1, F, ); path = b; sourceTree = "<group>"; };
            \t\tF = {isa = PBXFileReference; path = F.swift; sourceTree = "<group>"; };
            \t\tBF = {isa = PBXBuildFile; fileRef = F; };
            \t\tPHASE = {isa = PBXSourcesBuildPhase; files = (BF, ); };
            \t\tAPP = {isa = PBXNativeTarget; buildConfigurationList = APPCONF; buildPhases = (PHASE, ); fileSystemSynchronizedGroups = (G1, ); };
            \(Self.configurations("APPCONF", debug: "MainActor", release: "MainActor"))\
            \t\tROOT = {isa = PBXProject; targets = (APP, ); };
            """)
        XCTAssertEqual(XcodeProject.defaultMainActorPaths(pbxproj: Array(cycle.utf8), projectDirectory: "/x"), [])
    }

    func testPlistReaderValues() throws {
        let text = #"// !$*UTF8*$!"# + "\n" + #"{ a = "x \"y\" \\ z"; b = ( 1, two, "3", ); c = { d = "$(E)"; }; /* note */ f = -1.5; }"#
        guard case .dictionary(let d)? = OpenStepPlist.parse(Array(text.utf8)) else { return XCTFail("not a dictionary") }
        XCTAssertEqual(d["a"]?.string, #"x "y" \ z"#)
        XCTAssertEqual(d["b"]?.array?.compactMap(\.string), ["1", "two", "3"])
        guard case .dictionary(let c)? = d["c"] else { return XCTFail("c is not a dictionary") }
        XCTAssertEqual(c["d"]?.string, "$(E)")
        XCTAssertEqual(d["f"]?.string, "-1.5")
    }
}

final class DefaultIsolationPathTests: XCTestCase {
    /// A directory (ending with `/`) covers the files under it; a file path covers only itself.
    func testDirectoriesAndFilesMatch() {
        let index = ProjectIndex(summaries: [], defaultMainActorDirectories: ["/p/App/", "/p/Other/Root.swift"])
        XCTAssertTrue(index.isDefaultMainActor(path: "/p/App/Views/Model.swift"))
        XCTAssertTrue(index.isDefaultMainActor(path: "/p/Other/Root.swift"))
        XCTAssertFalse(index.isDefaultMainActor(path: "/p/Other/Root.swift.orig/X.swift"))
        XCTAssertFalse(index.isDefaultMainActor(path: "/p/Other/Rooted.swift"))
        XCTAssertFalse(index.isDefaultMainActor(path: "/p/AppKit/Model.swift"))
    }

    /// A file left out of a directory (`!`) is not isolated, unless an entry names it exactly.
    func testExcludedFilesOfADirectory() {
        let index = ProjectIndex(summaries: [], defaultMainActorDirectories: ["!/p/App/Old.swift", "!/p/App/Both.swift", "/p/App/", "/p/App/Both.swift"])
        XCTAssertFalse(index.isDefaultMainActor(path: "/p/App/Old.swift"))
        XCTAssertTrue(index.isDefaultMainActor(path: "/p/App/Both.swift"))
        XCTAssertTrue(index.isDefaultMainActor(path: "/p/App/Old.swift.swift"))
        XCTAssertTrue(index.isDefaultMainActor(path: "/p/App/New.swift"))
    }
}
