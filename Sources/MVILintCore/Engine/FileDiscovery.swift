/// Finds the Swift files to lint, the project root, and the manifest's default-isolation targets.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File-system discovery for the command line.
///
/// Decisions:
/// - Paths are made absolute (relative to the current directory) and standardized lexically
///   (`.`, `..` and repeated `/` removed); symlinks in the path are kept as written.
/// - While recursing, directories named `.build`, `.git`, `.swiftpm`, `DerivedData`, `Pods` and
///   `Carthage`, and every hidden entry (a directory or file whose name starts with `.`, such as
///   macOS `._Foo.swift` resource forks), are skipped. A path given explicitly is always honoured,
///   even when it is hidden or has one of those names.
/// - A directory whose name ends with `.swift` is recursed, never read.
/// - Xcode file and project templates (`*.xctemplate` bundles, whose `___FILEBASENAME___.swift`
///   files hold placeholders, not code the project builds) are skipped while recursing.
/// - Package manifests (`Package.swift`, `Package@swift-*.swift`) are skipped while recursing:
///   they hold build settings, not app code.
/// - An explicitly named file is linted whatever its extension (`mvilint script.txt` lints it);
///   only recursion filters by the `.swift` extension.
/// - Directory symlinks are followed, but a directory whose real path was already walked is not
///   walked again, so symlink loops terminate. Broken symlinks found while recursing are ignored.
/// - A path that does not exist yields the error "no such file or directory"; a directory that
///   cannot be listed yields "cannot read directory (check its permissions)".
public enum FileDiscovery {
    /// Directory names that recursion never enters.
    public static let skippedDirectoryNames: Set<String> = [".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage"]

    /// Files whose presence marks a project root.
    public static let projectMarkers = [".mvilint.json", "Package.swift"]

    /// Expands files and directories into the sorted, deduplicated absolute paths of the files to
    /// lint. `errors` names inputs that do not exist or cannot be listed (with the path as given);
    /// `emptyInputs` lists the given directories that hold no Swift file (as given); `manifests`
    /// lists the SwiftPM manifests, the `.xcodeproj` bundles and the Core Data models
    /// (`.xcdatamodeld`) the walk passed over (sorted), which are not linted (a bundle is not
    /// walked into). A file named like a manifest that does
    /// not mention `PackageDescription` is an ordinary source file.
    public static func swiftFiles(in paths: [String]) -> (files: [String], errors: [InputDiagnostic], emptyInputs: [String], manifests: [String]) {
        let fm = FileManager.default
        var files: [String] = []
        var manifests = Set<String>()
        var errors: [InputDiagnostic] = []
        var emptyInputs: [String] = []
        for given in paths {
            guard !given.isEmpty else {
                errors.append(InputDiagnostic(path: given, message: "no such file or directory"))
                continue
            }
            let path = absolutePath(given)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(InputDiagnostic(path: given, message: "no such file or directory"))
                continue
            }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            if walk(path, into: &files, manifests: &manifests, errors: &errors) == 0 { emptyInputs.append(given) }
        }
        // A walk lists its files in order already (see `walk`), so sorting is one pass over them
        // unless several paths were given; the same file reached twice (named and inside a
        // named directory, or under two given directories) is then listed once.
        files.sort()
        var unique = 0
        for k in files.indices where unique == 0 || files[k] != files[unique - 1] {
            files.swapAt(unique, k)
            unique += 1
        }
        files.removeLast(files.count - unique)
        return (files, errors, emptyInputs, manifests.sorted())
    }

    /// Walks `root` with an explicit stack (no recursion, so deep trees cannot overflow), appends
    /// its Swift files to `files`, and returns how many it saw.
    ///
    /// A directory's files and subdirectories are visited together in the order of their names,
    /// a subdirectory's name taken with its trailing `/`: the files come out in the order of their
    /// paths, and sorting them afterwards costs one comparison per file (100 000 files sorted from
    /// the order of a plain walk took a tenth of a second).
    ///
    /// Entry types come from the directory listing (`d_type`), so a plain file or directory costs
    /// no system call of its own; only symlinks (followed with `stat`) and entries of unknown type
    /// (`lstat`) are queried. A directory's real path is its parent's real path plus its name
    /// unless it was reached through a symlink, which `realpath` resolves.
    ///
    /// The directories reached without a symlink are listed first on all cores, a level of the
    /// tree at a time (listing is mostly system calls, which run in parallel); the walk itself,
    /// which decides what is visited and in which order, then runs on one thread from those
    /// listings, listing on the spot only what lies behind a symlink. Its result is the same as
    /// a walk that lists every directory as it reaches it.
    private static func walk(_ root: String, into files: inout [String], manifests: inout Set<String>, errors: inout [InputDiagnostic]) -> Int {
        let rootReal = realPath(root)
        let listings = prefetchListings(root: root, real: rootReal)
        var visited = Set<String>()
        var found = 0
        // A file, or a directory with its real path when already known (nil: resolve it).
        enum Entry { case file(String), directory(path: String, real: String?) }
        var stack: [Entry] = [.directory(path: root, real: rootReal)]
        var entries: [(key: String, entry: Entry)] = []
        while let next = stack.popLast() {
            guard case .directory(let directory, let knownReal) = next else {
                if case .file(let path) = next { files.append(path) }
                continue
            }
            let real = knownReal ?? realPath(directory)
            guard visited.insert(real).inserted else { continue }
            guard let listing = listings[directory] ?? list(directory, real: real) else {
                errors.append(InputDiagnostic(path: directory, message: "cannot read directory (check its permissions)"))
                continue
            }
            found += listing.files.count
            manifests.formUnion(listing.manifests)
            entries.removeAll(keepingCapacity: true)
            for f in listing.files { entries.append((f, .file(f))) }
            for d in listing.subdirectories { entries.append((d.path + "/", .directory(path: d.path, real: d.real))) }
            // Reversed, so that entries pop in name order; which of two symlinked aliases of one
            // directory is walked then does not depend on the file system's listing order.
            entries.sort { $0.key > $1.key }
            for e in entries { stack.append(e.entry) }
        }
        return found
    }

    /// One directory's Swift files and subdirectories (with their real paths, nil behind a symlink).
    private struct Listing {
        var files: [String] = []
        var manifests: [String] = []
        var subdirectories: [(path: String, real: String?)] = []
    }

    /// Lists the directories under `root` that are reached without a symlink, by path; nil for
    /// one that cannot be read.
    private static func prefetchListings(root: String, real: String) -> [String: Listing?] {
        var listings: [String: Listing?] = [:]
        var level: [(path: String, real: String)] = [(root, real)]
        while !level.isEmpty {
            let listed = parallelMap(level) { list($0.path, real: $0.real) }
            var nextLevel: [(path: String, real: String)] = []
            for (k, listing) in listed.enumerated() {
                listings[level[k].path] = .some(listing)
                for d in listing?.subdirectories ?? [] { if let r = d.real { nextLevel.append((d.path, r)) } }
            }
            level = nextLevel
        }
        return listings
    }

    /// Reads one directory: its Swift files (hidden entries and manifests skipped) and the
    /// subdirectories to walk; nil when it cannot be opened.
    private static func list(_ directory: String, real: String) -> Listing? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var listing = Listing()
        while let entry = readdir(handle) {
            let type = entry.pointee.d_type
            let name: String? = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                // Hidden entries (and `.`, `..`) are skipped, and a plain file only matters
                // when it ends with `.swift`: neither needs a string.
                guard length > 0, bytes[0] != UInt8(ascii: ".") else { return nil }
                if type == UInt8(DT_REG), !hasSwiftExtension(UnsafeBufferPointer(rebasing: bytes[..<length])) { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)
            }
            guard let name else { continue }
            let child = join(directory, name)
            let isDirectory: Bool
            var throughLink = false
            switch type {
            case UInt8(DT_DIR): isDirectory = true
            case UInt8(DT_LNK), UInt8(DT_UNKNOWN):
                var info = stat()
                if type == UInt8(DT_UNKNOWN) {
                    guard lstat(child, &info) == 0 else { continue }
                    throughLink = (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFLNK)
                } else {
                    throughLink = true
                }
                // A symlink is followed; a broken one is ignored.
                if throughLink, stat(child, &info) != 0 { continue }
                isDirectory = (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR)
            default: isDirectory = false
            }
            if isDirectory {
                if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcdatamodeld") {
                    listing.manifests.append(child)
                } else if !skippedDirectoryNames.contains(name) && !name.hasSuffix(".xctemplate") {
                    listing.subdirectories.append((child, throughLink ? nil : join(real, name)))
                }
            } else if name.hasSuffix(".swift") {
                if isManifest(name), isPackageManifest(child) { listing.manifests.append(child) } else { listing.files.append(child) }
            }
        }
        return listing
    }

    private static let swiftSuffix = Array(".swift".utf8)

    /// Whether a file name's bytes end with `.swift`.
    private static func hasSwiftExtension(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count >= swiftSuffix.count else { return false }
        return name[(name.count - swiftSuffix.count)...].elementsEqual(swiftSuffix)
    }

    /// Whether `name` is a package manifest (`Package.swift`, `Package@swift-5.9.swift`), which
    /// holds build settings rather than app code.
    static func isManifest(_ name: String) -> Bool {
        name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    /// Whether the file (named like a manifest) is one: a line of its first megabyte imports
    /// `PackageDescription`. A file that cannot be read, or is empty, counts as a manifest.
    static func isPackageManifest(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        let data = handle.readData(ofLength: 1 << 20)
        if data.isEmpty { return true }
        // Line by line, up to the first import of `PackageDescription` (usually the second line):
        // splitting the whole megabyte into lines first cost a million instructions per manifest.
        let text = String(decoding: data, as: UTF8.self)
        var lineStart = text.startIndex, i = text.startIndex
        while i < text.endIndex {
            if text[i].isNewline {
                if importsPackageDescription(text[lineStart..<i]) { return true }
                i = text.index(after: i)
                lineStart = i
            } else {
                i = text.index(after: i)
            }
        }
        return importsPackageDescription(text[lineStart..<i])
    }

    /// Whether a line of a manifest imports `PackageDescription` (after blanks and `@preconcurrency`).
    private static func importsPackageDescription(_ line: Substring) -> Bool {
        var text = line.drop { $0 == " " || $0 == "\t" }
        if text.hasPrefix("@preconcurrency ") { text = text.dropFirst("@preconcurrency ".count) }
        return text.hasPrefix("import PackageDescription")
    }

    /// The project root: the nearest directory, from the first existing lint path upward, that
    /// holds `.mvilint.json`, `Package.swift` or an `.xcodeproj` bundle; else the lint path
    /// itself (its directory for a file). The search stops at a repository root (a directory holding `.git`) so that a
    /// manifest outside the repository is never picked up. With no paths, starts from the
    /// current directory.
    public static func projectRoot(for paths: [String]) -> String {
        let fm = FileManager.default
        let candidates = paths.filter { !$0.isEmpty }.map { absolutePath($0) }
        let first = candidates.first { fm.fileExists(atPath: $0) } ?? candidates.first ?? absolutePath(".")
        var isDirectory: ObjCBool = false
        let start = fm.fileExists(atPath: first, isDirectory: &isDirectory) && isDirectory.boolValue ? first : parent(of: first)
        var directory = start
        // Bounded by the path depth: `parent(of:)` strictly shortens until "/".
        while true {
            for marker in projectMarkers where isRegularFile(join(directory, marker)) {
                // A source file that happens to be named `Package.swift` marks nothing.
                if marker == "Package.swift", !isPackageManifest(join(directory, marker)) { continue }
                return directory
            }
            if holdsXcodeProject(directory) { return directory }
            if fm.fileExists(atPath: join(directory, ".git")) { break }
            let up = parent(of: directory)
            if up == directory { break }
            directory = up
        }
        return start
    }

    /// The absolute paths whose Swift files default to MainActor isolation: the directories
    /// (with a trailing `/`) of the targets that `Package.swift` at `projectRoot` declares with
    /// `.defaultIsolation(MainActor.self)` (see `ManifestScanner`), and the folders (with a `/`)
    /// and files (without) of the Xcode targets built with `SWIFT_DEFAULT_ACTOR_ISOLATION =
    /// MainActor` in the `.xcodeproj` bundles directly in `projectRoot` or in one of its
    /// subdirectories, with a leading `!` for the files that such a target's folder leaves out
    /// (see `XcodeProject`). Empty when there is neither.
    ///
    /// `manifests`, when given, are the manifests and `.xcodeproj` bundles found under the root
    /// (`swiftFiles(in:)`), so that packages and Xcode projects nested at any depth count as well;
    /// without it, only the root's `Package.swift` is read.
    public static func defaultMainActorDirectories(projectRoot: String, manifests: [String]? = nil) -> [String] {
        let root = absolutePath(projectRoot)
        var result = Set<String>()
        // The walk lists every bundle under the root (those of the root and its subdirectories
        // included): the root is not listed again for them.
        let projects = manifests.map { $0.filter { $0.hasSuffix(".xcodeproj") } } ?? xcodeProjects(in: root)
        for project in projects.sorted() { result.formUnion(XcodeProject.defaultMainActorPaths(projectFile: join(project, "project.pbxproj"))) }
        // Only `Package.swift` itself: a `Package@swift-…` variant applies to other tools versions.
        let paths = (manifests ?? [join(root, "Package.swift")]).filter { $0.hasSuffix("/Package.swift") || $0 == "Package.swift" }
        for manifest in paths { result.formUnion(mainActorDirectories(manifest: manifest)) }
        return result.sorted()
    }

    /// The directories (with a trailing `/`) of the targets that the manifest at `manifest`
    /// builds with `.defaultIsolation(MainActor.self)`, relative to the manifest's directory.
    private static func mainActorDirectories(manifest: String) -> [String] {
        let root = parent(of: absolutePath(manifest))
        guard isRegularFile(manifest), let data = FileManager.default.contents(atPath: manifest) else { return [] }
        let (targets, nonTestCount) = ManifestScanner(bytes: [UInt8](data)).scanTargets()
        let fm = FileManager.default
        var result = Set<String>()
        for target in targets {
            let relative: String
            if let path = target.path {
                relative = path
            } else if target.isTest {
                relative = "Tests/" + target.name
            } else {
                // SwiftPM's default source directories, in its order of preference.
                let bases = ["Sources", "Source", "src", "srcs"]
                if let base = bases.first(where: { fm.fileExists(atPath: join(join(root, $0), target.name)) }) {
                    relative = base + "/" + target.name
                } else if nonTestCount == 1, let base = bases.first(where: { isDirectory(join(root, $0)) }) {
                    // The only target of a package may keep its sources right in `Sources/`
                    // (SwiftPM 5.9 and later) when no folder is named after it.
                    relative = base
                } else {
                    relative = "Sources/" + target.name
                }
            }
            let directory = absolutePath(relative, relativeTo: root)
            result.insert(directoryEntry(directory))
        }
        return result.sorted()
    }

    /// The class names of the Core Data entities that the models among `manifests` (`.xcdatamodeld`
    /// bundles, as `swiftFiles(in:)` lists them) declare: each version's `representedClassName`,
    /// without a module prefix. Xcode generates those classes (`NSManagedObject` subclasses) when
    /// it builds, so the project's sources never declare them.
    public static func coreDataEntityClasses(manifests: [String]) -> Set<String> {
        var out = Set<String>()
        let fm = FileManager.default
        for model in manifests where model.hasSuffix(".xcdatamodeld") {
            guard let versions = try? fm.contentsOfDirectory(atPath: model) else { continue }
            for version in versions.sorted() where version.hasSuffix(".xcdatamodel") {
                let contents = join(join(model, version), "contents")
                guard isRegularFile(contents), let size = (try? fm.attributesOfItem(atPath: contents))?[.size] as? Int,
                      size <= maximumModelSize, let data = fm.contents(atPath: contents) else { continue }
                out.formUnion(representedClassNames(in: [UInt8](data)))
            }
        }
        return out
    }

    /// Whether `path` is the `contents` of a version of a Core Data model
    /// (`Model.xcdatamodeld/Model.xcdatamodel/contents`), as `coreDataEntityClasses(manifests:)` reads them.
    public static func isCoreDataModelContents(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count >= 3 && parts[parts.count - 1] == "contents" && parts[parts.count - 2].hasSuffix(".xcdatamodel")
            && parts[parts.count - 3].hasSuffix(".xcdatamodeld")
    }

    /// A Core Data model larger than this is not read (real ones are kilobytes).
    static let maximumModelSize = 8 << 20

    /// The values of the `representedClassName="…"` attributes of a model's `contents`, each
    /// without a module prefix (`.Entry`, `App.Entry` → `Entry`).
    static func representedClassNames(in bytes: [UInt8]) -> [String] {
        let key = Array("representedClassName=\"".utf8)
        var out: [String] = []
        var i = 0
        while i + key.count <= bytes.count {
            guard bytes[i] == key[0], bytes[i..<(i + key.count)].elementsEqual(key) else { i += 1; continue }
            let start = i + key.count
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            let value = String(decoding: bytes[start..<end], as: UTF8.self)
            let name = value.split(separator: ".").last.map(String.init) ?? ""
            if !name.isEmpty { out.append(name) }
            i = end + 1
        }
        return out
    }

    /// The `.xcodeproj` bundles directly in `root` and in its subdirectories (not hidden, not
    /// skipped), sorted.
    static func xcodeProjects(in root: String) -> [String] {
        func bundles(in directory: String) -> (projects: [String], subdirectories: [String]) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return ([], []) }
            var projects: [String] = [], subdirectories: [String] = []
            for name in names where !name.hasPrefix(".") && !skippedDirectoryNames.contains(name) {
                let path = join(directory, name)
                guard isDirectory(path) else { continue }
                if name.hasSuffix(".xcodeproj") { projects.append(path) } else { subdirectories.append(path) }
            }
            return (projects, subdirectories)
        }
        let top = bundles(in: root)
        var projects = top.projects
        for d in top.subdirectories { projects += bundles(in: d).projects }
        return projects.sorted()
    }

    /// Whether `directory` holds an `.xcodeproj` bundle.
    static func holdsXcodeProject(_ directory: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return false }
        return names.contains { $0.hasSuffix(".xcodeproj") && !$0.hasPrefix(".") && isDirectory(join(directory, $0)) }
    }

    // MARK: Paths

    /// `path` made absolute against `base` (default: the current directory) and standardized
    /// lexically: empty and `.` components dropped, `..` removes the previous component.
    public static func absolutePath(_ path: String, relativeTo base: String? = nil) -> String {
        let full: String
        if path.hasPrefix("/") {
            full = path
        } else {
            let b = base ?? FileManager.default.currentDirectoryPath
            full = b + "/" + path
        }
        var components: [Substring] = []
        for component in full.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                if !components.isEmpty { components.removeLast() }
                continue
            }
            components.append(component)
        }
        return "/" + components.joined(separator: "/")
    }

    /// The parent directory of an absolute, standardized path ("/" for "/").
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), path != "/" else { return "/" }
        let head = path[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Whether `path` is a directory (a symlink to one included).
    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A directory as an entry of `defaultMainActorDirectories`: with a trailing `/`, so that it
    /// covers the files under it (a file entry, without one, covers only itself).
    static func directoryEntry(_ path: String) -> String { path == "/" ? "/" : path + "/" }

    /// The canonical path with every symlink resolved; the path itself when that fails.
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A tolerant token scan of `Package.swift` that finds targets with MainActor default isolation.
///
/// Recognised (inside a `.target(`, `.executableTarget(`, `.testTarget(` or `.macro(` call):
/// `.defaultIsolation(MainActor.self)`, the flags `"-default-isolation", "MainActor"`, and a
/// reference to a top-level `let`/`var` whose value contains one of those (transitively). A
/// `for … in package.targets { … }` loop whose body contains one applies to every target, or, with
/// a `where` clause comparing against `.test`, to the test or non-test targets only. Target
/// names and paths must be plain string literals. Comments and string literals (raw, multi-line,
/// interpolated) are skipped; unbalanced brackets and unterminated literals end at the end of
/// the file. The scan never fails: what it does not understand, it ignores.
struct ManifestScanner {
    struct Target: Equatable {
        var name: String
        var path: String?
        var isTest: Bool
    }

    enum Kind: Equatable { case identifier, string, punctuation, other }

    struct Token {
        var kind: Kind
        var text: String
        /// For a string: false when it contains an interpolation.
        var isPlain = true
    }

    static let targetFunctions: Set<String> = ["target", "executableTarget", "testTarget", "macro"]

    let tokens: [Token]
    /// Index of the matching bracket for each bracket token, or `tokens.count` when unmatched.
    let partner: [Int]
    /// Bracket depth before each token.
    let depth: [Int]

    init(bytes: [UInt8]) {
        tokens = ManifestScanner.tokenize(bytes)
        var partner = [Int](repeating: -1, count: tokens.count)
        var depth = [Int](repeating: 0, count: tokens.count)
        var stack: [Int] = []
        for (i, t) in tokens.enumerated() {
            depth[i] = stack.count
            guard t.kind == .punctuation else { continue }
            switch t.text {
            case "(", "[", "{":
                stack.append(i)
            case ")", "]", "}":
                if let open = stack.popLast() { partner[open] = i; partner[i] = open; depth[i] = stack.count }
            default:
                break
            }
        }
        for open in stack { partner[open] = tokens.count }
        self.partner = partner
        self.depth = depth
    }

    // MARK: Analysis

    func mainActorTargets() -> [Target] { scanTargets().mainActor }

    /// The targets built with MainActor isolation, and how many targets that are not test
    /// targets the manifest declares (with a plain name).
    func scanTargets() -> (mainActor: [Target], nonTestCount: Int) {
        let variables = mainActorVariables()
        let loop = loopScope()
        var result: [Target] = []
        var nonTestCount = 0
        var i = 0
        while i + 2 < tokens.count {
            defer { i += 1 }
            guard isPunct(i, "."), tokens[i + 1].kind == .identifier, ManifestScanner.targetFunctions.contains(tokens[i + 1].text),
                  isPunct(i + 2, "(") else { continue }
            let open = i + 2
            let close = max(open, min(partner[open], tokens.count))
            let isTest = tokens[i + 1].text == "testTarget"
            var name: String?
            var path: String?
            var j = open + 1
            while j + 2 < close {
                if depth[j] == depth[open] + 1, tokens[j].kind == .identifier, isPunct(j + 1, ":"),
                   tokens[j + 2].kind == .string, tokens[j + 2].isPlain {
                    if tokens[j].text == "name", name == nil { name = tokens[j + 2].text }
                    if tokens[j].text == "path", path == nil { path = tokens[j + 2].text }
                }
                j += 1
            }
            guard let targetName = name else { continue }
            if !isTest { nonTestCount += 1 }
            let applies = containsMainActorSetting(open + 1, close, variables: variables) || (loop.map { isTest ? $0.tests : $0.others } ?? false)
            if applies { result.append(Target(name: targetName, path: path, isTest: isTest)) }
        }
        return (result, nonTestCount)
    }

    /// Top-level variables whose value (up to the next top-level declaration) sets MainActor
    /// isolation, directly or through another such variable.
    func mainActorVariables() -> Set<String> {
        let boundaries: Set<String> = ["let", "var", "func", "import", "for", "if", "struct", "enum", "class", "extension", "while"]
        var ranges: [(name: String, range: Range<Int>)] = []
        var i = 0
        while i + 1 < tokens.count {
            if depth[i] == 0, tokens[i].kind == .identifier, tokens[i].text == "let" || tokens[i].text == "var",
               tokens[i + 1].kind == .identifier {
                var end = i + 2
                while end < tokens.count, !(depth[end] == 0 && tokens[end].kind == .identifier && boundaries.contains(tokens[end].text)) { end += 1 }
                ranges.append((tokens[i + 1].text, (i + 2)..<end))
                i = end
                continue
            }
            i += 1
        }
        var found = Set<String>()
        // Fixpoint over variables that refer to each other; each round adds one or stops.
        for _ in 0...ranges.count {
            var changed = false
            for (name, range) in ranges where !found.contains(name) {
                if containsMainActorSetting(range.lowerBound, range.upperBound, variables: found) {
                    found.insert(name)
                    changed = true
                }
            }
            if !changed { break }
        }
        return found
    }

    /// Whether a `for … in package.targets { … }` loop sets MainActor isolation, and for which
    /// targets.
    func loopScope() -> (tests: Bool, others: Bool)? {
        var i = 0
        while i < tokens.count {
            defer { i += 1 }
            guard tokens[i].kind == .identifier, tokens[i].text == "for" else { continue }
            var brace = i + 1
            while brace < tokens.count, !isPunct(brace, "{") { brace += 1 }
            guard brace < tokens.count else { return nil }
            let header = (i + 1)..<brace
            let iteratesTargets = header.contains { j in
                j > 1 && tokens[j].text == "targets" && isPunct(j - 1, ".") && tokens[j - 2].text == "package"
            }
            let close = min(partner[brace], tokens.count)
            guard iteratesTargets, close > brace, containsMainActorSetting(brace + 1, close, variables: []) else { continue }
            guard let whereIndex = header.first(where: { tokens[$0].text == "where" }) else { return (true, true) }
            var j = whereIndex
            while j + 2 < brace {
                if isPunct(j + 1, "."), tokens[j + 2].text == "test" {
                    if tokens[j].text == "!=" { return (false, true) }
                    if tokens[j].text == "==" { return (true, false) }
                }
                j += 1
            }
            return (true, true)
        }
        return nil
    }

    /// Whether tokens `lo..<hi` contain `defaultIsolation(MainActor.self)`, the equivalent
    /// compiler flags, or a reference to one of `variables`.
    func containsMainActorSetting(_ lo: Int, _ hi: Int, variables: Set<String>) -> Bool {
        var i = max(0, lo)
        let end = min(hi, tokens.count)
        while i < end {
            defer { i += 1 }
            let t = tokens[i]
            if t.kind == .identifier, t.text == "defaultIsolation", i + 5 < tokens.count, isPunct(i + 1, "("),
               tokens[i + 2].text == "MainActor", isPunct(i + 3, "."), tokens[i + 4].text == "self", isPunct(i + 5, ")") {
                return true
            }
            if t.kind == .string {
                if t.text == "-default-isolation=MainActor" { return true }
                if t.text == "-default-isolation", i + 2 < tokens.count, isPunct(i + 1, ","),
                   tokens[i + 2].kind == .string, tokens[i + 2].text == "MainActor" { return true }
            }
            // A variable reference, not an argument label (`name:`) or a member (`.name`).
            if t.kind == .identifier, variables.contains(t.text), !isPunct(i + 1, ":"), !(i > 0 && isPunct(i - 1, ".")) {
                return true
            }
        }
        return false
    }

    private func isPunct(_ i: Int, _ text: String) -> Bool {
        i >= 0 && i < tokens.count && tokens[i].kind == .punctuation && tokens[i].text == text
    }

    // MARK: Tokenizer

    /// Splits a manifest into identifiers, string literals (with their plain contents),
    /// single-character punctuation and operator runs. Always advances; never fails.
    static func tokenize(_ b: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        let n = b.count
        func at(_ k: Int) -> UInt8 { k < n ? b[k] : 0 }
        func isIdentStart(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c >= 0x80 }
        func isIdentBody(_ c: UInt8) -> Bool { isIdentStart(c) || (c >= 48 && c <= 57) }
        let operatorChars = Set("+-*/%<>=!&|^~?".utf8)
        while i < n {
            let c = b[i]
            if c == 32 || c == 9 || c == 10 || c == 13 || c == 59 { i += 1; continue }
            if c == 47, at(i + 1) == 47 {
                while i < n, b[i] != 10 { i += 1 }
                continue
            }
            if c == 47, at(i + 1) == 42 {
                var nesting = 1
                i += 2
                while i < n, nesting > 0 {
                    if b[i] == 47, at(i + 1) == 42 { nesting += 1; i += 2 } else if b[i] == 42, at(i + 1) == 47 { nesting -= 1; i += 2 } else { i += 1 }
                }
                continue
            }
            // String literal, optionally raw (`#"…"#`).
            var hashes = 0
            while at(i + hashes) == 35 { hashes += 1 }
            if at(i + hashes) == 34 {
                let (token, next) = scanString(b, from: i + hashes, hashes: hashes)
                tokens.append(token)
                i = max(next, i + 1)
                continue
            }
            if isIdentStart(c) {
                let start = i
                while i < n, isIdentBody(b[i]) { i += 1 }
                tokens.append(Token(kind: .identifier, text: String(decoding: b[start..<i], as: UTF8.self)))
                continue
            }
            if c == 96 {  // `backticked`
                let start = i + 1
                i += 1
                while i < n, b[i] != 96, b[i] != 10 { i += 1 }
                tokens.append(Token(kind: .identifier, text: String(decoding: b[start..<min(i, n)], as: UTF8.self)))
                if i < n, b[i] == 96 { i += 1 }
                continue
            }
            if operatorChars.contains(c) {
                let start = i
                while i < n, operatorChars.contains(b[i]), !(b[i] == 47 && (at(i + 1) == 47 || at(i + 1) == 42)) { i += 1 }
                if i == start { i += 1 }
                tokens.append(Token(kind: .other, text: String(decoding: b[start..<i], as: UTF8.self)))
                continue
            }
            if (c >= 48 && c <= 57) {
                let start = i
                while i < n, isIdentBody(b[i]) || b[i] == 46 && (at(i + 1) >= 48 && at(i + 1) <= 57) { i += 1 }
                tokens.append(Token(kind: .other, text: String(decoding: b[start..<i], as: UTF8.self)))
                continue
            }
            tokens.append(Token(kind: .punctuation, text: String(decoding: b[i..<(i + 1)], as: UTF8.self)))
            i += 1
        }
        return tokens
    }

    /// Scans a string literal whose opening quote is at `q`; returns the token and the index after it.
    private static func scanString(_ b: [UInt8], from q: Int, hashes: Int) -> (Token, Int) {
        let n = b.count
        let multiline = q + 2 < n && b[q + 1] == 34 && b[q + 2] == 34
        var i = q + (multiline ? 3 : 1)
        var content: [UInt8] = []
        var plain = true
        func closes(at k: Int) -> Bool {
            let quotes = multiline ? 3 : 1
            guard k + quotes + hashes <= n else { return false }
            for j in 0..<quotes where b[k + j] != 34 { return false }
            for j in 0..<hashes where b[k + quotes + j] != 35 { return false }
            return true
        }
        func isEscape(at k: Int) -> Bool {
            guard b[k] == 92 else { return false }
            for j in 0..<hashes where k + 1 + j >= n || b[k + 1 + j] != 35 { return false }
            return true
        }
        while i < n {
            if closes(at: i) {
                let end = i + (multiline ? 3 : 1) + hashes
                return (Token(kind: .string, text: String(decoding: content, as: UTF8.self), isPlain: plain), end)
            }
            if !multiline, b[i] == 10 { break }  // unterminated single-line literal
            if isEscape(at: i) {
                let k = i + 1 + hashes
                if k < n, b[k] == 40 {
                    // Interpolation: skip to the balanced `)`, ignoring its contents.
                    plain = false
                    var nesting = 1
                    i = k + 1
                    while i < n, nesting > 0 {
                        if b[i] == 40 { nesting += 1 } else if b[i] == 41 { nesting -= 1 } else if b[i] == 10, !multiline { break }
                        i += 1
                    }
                    continue
                }
                if k < n { content.append(b[k]) }
                i = k + 1
                continue
            }
            content.append(b[i])
            i += 1
        }
        return (Token(kind: .string, text: String(decoding: content, as: UTF8.self), isPlain: plain), i)
    }
}
