/// `mvilint new screen NAME`: names a screen's types after the configuration and writes its files.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a scaffold needs to know of the project: the suffixes its configuration gives models and
/// use cases. Without a configuration, the linter's defaults.
public struct ScaffoldNaming: Sendable, Equatable {
    /// `model_suffixes` (default `ViewModel`, `Store`).
    public var modelSuffixes: [String]
    /// `usecase_suffixes`: extra domain suffixes (none by default; `UseCase` is always one).
    public var useCaseSuffixes: [String]

    public init(modelSuffixes: [String] = ["ViewModel", "Store"], useCaseSuffixes: [String] = []) {
        self.modelSuffixes = modelSuffixes.isEmpty ? ["ViewModel", "Store"] : modelSuffixes
        self.useCaseSuffixes = useCaseSuffixes
    }

    /// The naming a configuration asks for.
    public init(configuration: Configuration?) {
        self.init(modelSuffixes: configuration?.modelSuffixes ?? ["ViewModel", "Store"], useCaseSuffixes: configuration?.useCaseSuffixes ?? [])
    }

    /// The model suffix of a pattern: `ViewModel` for MVVM and `Store` for the others when the
    /// configuration lists them, else its first suffix.
    public func modelSuffix(for pattern: ScreenPattern) -> String {
        let preferred = pattern == .mvvm ? "ViewModel" : "Store"
        return modelSuffixes.contains(preferred) ? preferred : modelSuffixes[0]
    }

    /// The use case suffix: the first configured one, else `UseCase`.
    public var useCaseSuffix: String { useCaseSuffixes.first ?? "UseCase" }

    /// The generic store of the redux pattern is named by the redux model suffix (`Store`).
    public var genericStore: String { modelSuffix(for: .redux) }

    /// The type names of the screen `name` in `pattern`.
    public func names(_ name: String, pattern: ScreenPattern) -> ScreenNames {
        ScreenNames(name: name, modelSuffix: modelSuffix(for: pattern), useCaseSuffix: useCaseSuffix, genericStore: genericStore)
    }
}

/// Why a scaffold was not written (exit status 2). Nothing was written.
public struct ScaffoldError: Error, Sendable, CustomStringConvertible {
    public var messages: [String]
    public var description: String { messages.joined(separator: "\n") }
}

/// Writing a new screen.
public enum ScreenScaffold {
    /// Type names that are keywords, or that shadow a standard-library or SwiftUI type a screen
    /// uses itself.
    static let reservedNames: Set<String> = [
        "Any", "Self", "Type", "Protocol", "Never", "String", "Int", "Bool", "Error", "Result", "Task", "Equatable", "Sendable",
        "View", "Text", "List", "Button", "State", "Binding", "Environment", "Content", "Action",
    ]

    /// Checks that `name` can be the screen's name: a Swift identifier in UpperCamelCase (ASCII
    /// letters and digits, starting with a capital letter).
    /// - Returns: the error message, or nil when the name is fine.
    public static func problem(withName name: String) -> String? {
        guard !name.isEmpty else { return "the screen's name is empty; give an UpperCamelCase name such as 'Profile'" }
        guard name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) else {
            return "'\(name)' is not a Swift type name in UpperCamelCase: use ASCII letters and digits only (such as 'OrderHistory')"
        }
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else {
            return "'\(name)' must start with a capital letter (UpperCamelCase, such as '\(name.prefix(1).uppercased() + name.dropFirst())')"
        }
        if reservedNames.contains(name) { return "'\(name)' names a Swift or SwiftUI type the screen uses; choose another name" }
        return nil
    }

    /// The outcome of writing a screen.
    public struct Outcome: Sendable {
        /// The files written, absolute.
        public var written: [String] = []
        /// Shared files that already existed and were used as they are.
        public var reused: [String] = []
    }

    /// Writes the files of one screen into `directory` (created if missing). No file is ever
    /// replaced: when one of the screen's files exists, nothing is written. The redux pattern's
    /// generic store is written only when neither `directory` nor the project under
    /// `projectRoot` (nil when the directory belongs to no project) declares it.
    /// - Throws: `ScaffoldError` naming the existing files, or the file that cannot be written.
    public static func writeFiles(_ files: [ScaffoldFile], into directory: String, projectRoot: String?, genericStore: String,
                             observable: Bool) throws -> Outcome {
        let fm = FileManager.default
        let dir = FileDiscovery.absolutePath(directory)
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: dir, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ScaffoldError(messages: ["\(dir) is a file, not a directory"])
        }
        var outcome = Outcome()
        var toWrite: [ScaffoldFile] = []
        var existing: [String] = []
        for file in files {
            let path = FileDiscovery.join(dir, file.name)
            if file.isShared, let found = declaration(ofGenericStore: genericStore, under: projectRoot, also: dir) {
                // The project already has the generic store: use it, if it is of the same kind.
                if found.isObservableMacro != observable {
                    let kind = found.isObservableMacro ? "an @Observable class" : "an ObservableObject"
                    let fix = found.isObservableMacro ? "add --observable" : "leave out --observable"
                    throw ScaffoldError(messages: ["the project's \(genericStore) (\(found.path)) is \(kind); \(fix) so that the screen holds it the way it is observed; nothing was written"])
                }
                outcome.reused.append(found.path)
                continue
            }
            if fm.fileExists(atPath: path) { existing.append(path) }
            toWrite.append(file)
        }
        if !existing.isEmpty {
            throw ScaffoldError(messages: existing.map { "\($0) already exists; it was not replaced" } + ["nothing was written; remove those files or choose another name or --dir"])
        }
        do {
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw ScaffoldError(messages: ["\(dir): cannot create the directory: \(error.localizedDescription)"])
        }
        for file in toWrite {
            let path = FileDiscovery.join(dir, file.name)
            try createNew(path, contents: file.contents)
            outcome.written.append(path)
        }
        return outcome
    }

    /// Creates the file `path` with `contents`, failing if it exists (also when it appeared after
    /// the check: the file is opened with `O_EXCL`).
    static func createNew(_ path: String, contents: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard fd >= 0 else {
            let reason = errno == EEXIST ? "already exists; it was not replaced" : "cannot be created: \(String(cString: strerror(errno)))"
            throw ScaffoldError(messages: ["\(path) \(reason)"])
        }
        defer { close(fd) }
        let bytes = Array(contents.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw ScaffoldError(messages: ["\(path): cannot be written: \(String(cString: strerror(errno)))"]) }
            offset += n
        }
    }

    /// The root of the project that `directory` (which need not exist yet) belongs to: the nearest
    /// directory above it that holds `.mvilint.json`, `Package.swift`, an `.xcodeproj` bundle or
    /// `.git`; nil when there is none, so that a directory outside any project is never searched
    /// beyond itself.
    public static func projectRoot(containing directory: String) -> String? {
        let fm = FileManager.default
        var existing = FileDiscovery.absolutePath(directory)
        while !fm.fileExists(atPath: existing), FileDiscovery.parent(of: existing) != existing { existing = FileDiscovery.parent(of: existing) }
        let root = FileDiscovery.projectRoot(for: [existing])
        let markers = [ConfigurationLoader.fileName, "Package.swift", ".git"]
        if markers.contains(where: { fm.fileExists(atPath: FileDiscovery.join(root, $0)) }) { return root }
        if let items = try? fm.contentsOfDirectory(atPath: root), items.contains(where: { $0.hasSuffix(".xcodeproj") }) { return root }
        // A repository root above: the lint root search stops there.
        var up = existing
        while true {
            if fm.fileExists(atPath: FileDiscovery.join(up, ".git")) { return up }
            let next = FileDiscovery.parent(of: up)
            if next == up { return nil }
            up = next
        }
    }

    /// A declaration of the generic store: a class named `name` with generic parameters.
    struct StoreDeclaration {
        var path: String
        var isObservableMacro: Bool
    }

    /// The project's generic store `name`, searched in the Swift files under `root` (when there is
    /// a project) and `directory` (which may lie outside it).
    static func declaration(ofGenericStore name: String, under root: String?, also directory: String) -> StoreDeclaration? {
        var roots: [String] = []
        if let root = root { roots.append(root) }
        let inRoot = root.map { directory == $0 || directory.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } ?? false
        if !inRoot, FileManager.default.fileExists(atPath: directory) { roots.append(directory) }
        guard !roots.isEmpty else { return nil }
        for path in FileDiscovery.swiftFiles(in: roots).files {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8),
                  text.contains("class " + name) else { continue }
            let file = SourceFile(path: path, text: text)
            for t in file.tree.allTypes where t.kind == .class && t.name == name && !t.genericParameters.isEmpty {
                return StoreDeclaration(path: path, isObservableMacro: t.header.hasAttribute("Observable"))
            }
        }
        return nil
    }
}
