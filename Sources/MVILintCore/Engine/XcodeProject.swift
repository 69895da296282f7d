import Foundation

/// The default actor isolation that an Xcode project gives its targets' Swift files.
///
/// Xcode 26 creates app targets with the build setting `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`,
/// the Xcode counterpart of SwiftPM's `.defaultIsolation(MainActor.self)`. The setting lives in
/// `project.pbxproj`, an old-style (OpenStep) property list, per target and per build
/// configuration, with project-level values and `.xcconfig` files underneath:
///
/// - A target counts when every one of its build configurations resolves the setting to
///   `MainActor`, looking, in Xcode's order, at the target's own settings, the target's base
///   `.xcconfig`, the project's settings for the configuration of the same name and the
///   project's base `.xcconfig`. A value that refers to another setting (`$(…)`) or that
///   differs between configurations does not count.
/// - Its Swift files are those of its folders synchronised with the file system (Xcode 16 and
///   later; every file under the folder) and those listed in its Sources build phase.
/// - A synchronised folder's exception sets name files relative to the folder
///   (`membershipExceptions`), each set for one target: the folder's own target leaves those
///   files out (they are returned with a leading `!`), and another target takes them in (they are
///   returned as files of that target).
///
/// Paths are resolved through the project's group tree (`<group>`, `SOURCE_ROOT`, absolute);
/// files relative to the SDK or the build products are not source files of the project.
/// Anything the reader does not understand counts for nothing: a malformed project file never
/// makes a model main-actor isolated.
enum XcodeProject {
    static let isolationSetting = "SWIFT_DEFAULT_ACTOR_ISOLATION"

    /// The absolute paths that default to MainActor isolation in the project whose
    /// `project.pbxproj` is `projectFile`: directories end with `/`, single files do not, and a
    /// file that a MainActor folder leaves out of its target starts with `!`.
    static func defaultMainActorPaths(projectFile: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: projectFile) else { return [] }
        // `…/Name.xcodeproj/project.pbxproj`: the project's directory holds `Name.xcodeproj`.
        let bundle = FileDiscovery.parent(of: FileDiscovery.absolutePath(projectFile))
        return defaultMainActorPaths(pbxproj: [UInt8](data), projectDirectory: FileDiscovery.parent(of: bundle))
    }

    /// As `defaultMainActorPaths(projectFile:)`, from the file's bytes and the directory that
    /// holds the `.xcodeproj` bundle.
    static func defaultMainActorPaths(pbxproj: [UInt8], projectDirectory: String) -> [String] {
        guard case .dictionary(let top)? = OpenStepPlist.parse(pbxproj),
              case .dictionary(let objects)? = top["objects"],
              let rootID = top["rootObject"]?.string,
              case .dictionary(let project)? = objects[rootID] else { return [] }
        let graph = Graph(objects: objects)
        var directory = projectDirectory
        if let sub = project["projectDirPath"]?.string, !sub.isEmpty { directory = FileDiscovery.absolutePath(sub, relativeTo: directory) }
        let projectConfigurations = graph.configurations(of: project, projectDirectory: directory)
        var paths = Set<String>()
        var mainActorTargets = Set<String>()
        var synchronizedGroups: [(group: String, target: String)] = []
        for targetID in project["targets"]?.array ?? [] {
            guard let id = targetID.string, case .dictionary(let target)? = objects[id],
                  target["isa"]?.string == "PBXNativeTarget" else { continue }
            for group in target["fileSystemSynchronizedGroups"]?.array ?? [] {
                if let gid = group.string { synchronizedGroups.append((gid, id)) }
            }
            let configurations = graph.configurations(of: target, projectDirectory: directory)
            guard !configurations.isEmpty else { continue }
            let isMainActor = configurations.allSatisfy { configuration in
                let value = configuration.value ?? projectConfigurations.first { $0.name == configuration.name }?.value
                return value == "MainActor"
            }
            guard isMainActor else { continue }
            mainActorTargets.insert(id)
            for group in target["fileSystemSynchronizedGroups"]?.array ?? [] {
                if let gid = group.string, let path = graph.path(of: gid, projectDirectory: directory) {
                    paths.insert(FileDiscovery.directoryEntry(path))
                }
            }
            for phase in target["buildPhases"]?.array ?? [] {
                guard let pid = phase.string, case .dictionary(let p)? = objects[pid], p["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for file in p["files"]?.array ?? [] {
                    guard let fid = file.string, case .dictionary(let buildFile)? = objects[fid],
                          let ref = buildFile["fileRef"]?.string,
                          let path = graph.path(of: ref, projectDirectory: directory), path.hasSuffix(".swift") else { continue }
                    paths.insert(path)
                }
            }
        }
        // Exceptions of synchronised folders: out of the folder's own MainActor target, or into
        // a MainActor target from another target's folder.
        for (gid, owner) in synchronizedGroups {
            guard case .dictionary(let group)? = objects[gid], let folder = graph.path(of: gid, projectDirectory: directory) else { continue }
            for exception in group["exceptions"]?.array ?? [] {
                guard let eid = exception.string, case .dictionary(let set)? = objects[eid],
                      set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      let target = set["target"]?.string, mainActorTargets.contains(target) else { continue }
                for member in set["membershipExceptions"]?.array ?? [] {
                    guard let relative = member.string, relative.hasSuffix(".swift") else { continue }
                    let file = FileDiscovery.absolutePath(relative, relativeTo: folder)
                    paths.insert(target == owner ? "!" + file : file)
                }
            }
        }
        return paths.sorted()
    }

    /// The objects of a project file, with each group member's parent.
    private struct Graph {
        let objects: [String: OpenStepPlist.Value]
        var parents: [String: String] = [:]

        init(objects: [String: OpenStepPlist.Value]) {
            self.objects = objects
            for (id, object) in objects {
                guard case .dictionary(let o) = object else { continue }
                for child in o["children"]?.array ?? [] { if let c = child.string { parents[c] = id } }
            }
        }

        /// The absolute path of a file reference or group; nil for one relative to the SDK,
        /// the build products or anything else outside the project's tree.
        func path(of id: String, projectDirectory: String) -> String? {
            var components: [String] = []
            var current: String? = id
            // Bounded: a malformed file may make the parent links a cycle.
            for _ in 0..<64 {
                guard let cid = current, case .dictionary(let o)? = objects[cid] else { return nil }
                let path = o["path"]?.string ?? ""
                switch o["sourceTree"]?.string ?? "<group>" {
                case "<group>":
                    if !path.isEmpty { components.append(path) }
                    guard let parent = parents[cid] else {
                        // The main group: relative to the project's directory.
                        return join(projectDirectory, components)
                    }
                    current = parent
                case "SOURCE_ROOT":
                    components.append(path)
                    return join(projectDirectory, components)
                case "<absolute>":
                    components.append(path)
                    return join("/", components)
                default:
                    return nil
                }
            }
            return nil
        }

        private func join(_ base: String, _ reversed: [String]) -> String {
            let relative = reversed.reversed().joined(separator: "/")
            return XcodeProject.onDiskSpelling(of: FileDiscovery.absolutePath(relative, relativeTo: base))
        }

        /// The build configurations of a target or project: name, and the isolation setting
        /// from its own settings or else its base `.xcconfig` (nil when neither sets it).
        func configurations(of owner: [String: OpenStepPlist.Value], projectDirectory: String) -> [(name: String, value: String?)] {
            guard let listID = owner["buildConfigurationList"]?.string, case .dictionary(let list)? = objects[listID] else { return [] }
            var out: [(name: String, value: String?)] = []
            for entry in list["buildConfigurations"]?.array ?? [] {
                guard let cid = entry.string, case .dictionary(let c)? = objects[cid] else { continue }
                var value: String? = nil
                if case .dictionary(let settings)? = c["buildSettings"] { value = settings[XcodeProject.isolationSetting]?.string }
                if value == nil, let base = c["baseConfigurationReference"]?.string, let file = path(of: base, projectDirectory: projectDirectory) {
                    value = XcodeProject.xcconfigValue(at: file)
                }
                out.append((c["name"]?.string ?? "", value.map { $0.trimmingCharacters(in: .whitespaces) }))
            }
            return out
        }
    }

    /// `path` with each component spelled as on disk when the project file writes it in another
    /// case (`path = manuscript;` for a folder `Manuscript`: Xcode builds it on the usual
    /// case-insensitive file system of macOS, and the files found on disk carry the disk's
    /// spelling). Components that exist as written, or that no entry matches, are kept.
    static func onDiskSpelling(of path: String) -> String {
        let fm = FileManager.default
        guard path.hasPrefix("/"), !fm.fileExists(atPath: path) else { return path }
        var result = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            let candidate = result + "/" + component
            if fm.fileExists(atPath: candidate) { result = candidate; continue }
            let parent = result.isEmpty ? "/" : result
            let lowered = component.lowercased()
            if let entries = try? fm.contentsOfDirectory(atPath: parent), let match = entries.first(where: { $0.lowercased() == lowered }) {
                result = parent == "/" ? "/" + match : parent + "/" + match
            } else {
                result = candidate
            }
        }
        return result.isEmpty ? path : result
    }

    /// The isolation setting's last assignment in an `.xcconfig` file (without conditions such
    /// as `[sdk=…]`); nil when the file cannot be read or does not set it.
    static func xcconfigValue(at path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 1 << 20 else { return nil }
        var value: String? = nil
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var text = Substring(line)
            if let comment = text.range(of: "//") { text = text[..<comment.lowerBound] }
            guard let equal = text.firstIndex(of: "=") else { continue }
            let key = text[..<equal].trimmingCharacters(in: .whitespaces)
            guard key == isolationSetting else { continue }
            value = text[text.index(after: equal)...].trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ";")))
        }
        return value
    }
}

/// A reader of old-style (OpenStep) property lists, the format of `project.pbxproj`:
/// dictionaries `{ key = value; }`, arrays `( a, b, )`, quoted and bare strings, `/* */` and `//`
/// comments. Nesting is bounded; malformed input gives nil, never a trap.
enum OpenStepPlist {
    enum Value {
        case string(String)
        case array([Value])
        case dictionary([String: Value])

        var string: String? { if case .string(let s) = self { return s }; return nil }
        var array: [Value]? { if case .array(let a) = self { return a }; return nil }
    }

    static let maxDepth = 64

    static func parse(_ bytes: [UInt8]) -> Value? {
        var reader = Reader(b: bytes)
        // A UTF-8 byte-order mark and the `// !$*UTF8*$!` header line are skipped as trivia.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { reader.p = 3 }
        return reader.value(depth: 0)
    }

    private struct Reader {
        let b: [UInt8]
        var p = 0

        mutating func skipTrivia() {
            while p < b.count {
                let c = b[p]
                if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
                    p += 1
                } else if c == UInt8(ascii: "/"), p + 1 < b.count, b[p + 1] == UInt8(ascii: "/") {
                    while p < b.count, b[p] != 0x0A { p += 1 }
                } else if c == UInt8(ascii: "/"), p + 1 < b.count, b[p + 1] == UInt8(ascii: "*") {
                    p += 2
                    while p < b.count, !(b[p] == UInt8(ascii: "*") && p + 1 < b.count && b[p + 1] == UInt8(ascii: "/")) { p += 1 }
                    p = min(b.count, p + 2)
                } else {
                    return
                }
            }
        }

        mutating func value(depth: Int) -> Value? {
            guard depth < OpenStepPlist.maxDepth else { return nil }
            skipTrivia()
            guard p < b.count else { return nil }
            switch b[p] {
            case UInt8(ascii: "{"):
                p += 1
                var dictionary: [String: Value] = [:]
                while true {
                    skipTrivia()
                    guard p < b.count else { return nil }
                    if b[p] == UInt8(ascii: "}") { p += 1; return .dictionary(dictionary) }
                    guard let key = string() else { return nil }
                    skipTrivia()
                    guard p < b.count, b[p] == UInt8(ascii: "=") else { return nil }
                    p += 1
                    guard let v = value(depth: depth + 1) else { return nil }
                    skipTrivia()
                    guard p < b.count, b[p] == UInt8(ascii: ";") else { return nil }
                    p += 1
                    dictionary[key] = v
                }
            case UInt8(ascii: "("):
                p += 1
                var array: [Value] = []
                while true {
                    skipTrivia()
                    guard p < b.count else { return nil }
                    if b[p] == UInt8(ascii: ")") { p += 1; return .array(array) }
                    guard let v = value(depth: depth + 1) else { return nil }
                    array.append(v)
                    skipTrivia()
                    guard p < b.count else { return nil }
                    if b[p] == UInt8(ascii: ",") { p += 1 } else if b[p] != UInt8(ascii: ")") { return nil }
                }
            default:
                return string().map { .string($0) }
            }
        }

        /// A quoted string (backslash escapes) or a bare word; nil at a delimiter.
        mutating func string() -> String? {
            guard p < b.count else { return nil }
            if b[p] == UInt8(ascii: "\"") {
                p += 1
                var out: [UInt8] = []
                while p < b.count, b[p] != UInt8(ascii: "\"") {
                    if b[p] == UInt8(ascii: "\\"), p + 1 < b.count {
                        p += 1
                        switch b[p] {
                        case UInt8(ascii: "n"): out.append(0x0A)
                        case UInt8(ascii: "t"): out.append(0x09)
                        default: out.append(b[p])
                        }
                    } else {
                        out.append(b[p])
                    }
                    p += 1
                }
                guard p < b.count else { return nil }
                p += 1
                return String(decoding: out, as: UTF8.self)
            }
            let start = p
            while p < b.count, !Reader.isDelimiter(b[p]) { p += 1 }
            guard p > start else { return nil }
            return String(decoding: b[start..<p], as: UTF8.self)
        }

        /// Whitespace and the punctuation that ends a bare word.
        static func isDelimiter(_ c: UInt8) -> Bool {
            switch c {
            case 0x20, 0x09, 0x0D, 0x0A, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"),
                 UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "\""): return true
            default: return false
            }
        }
    }
}
