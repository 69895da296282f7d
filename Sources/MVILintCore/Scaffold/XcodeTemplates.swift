/// `mvilint xcode-template export DIR`: the screens of `new screen` as Xcode file templates.

import Foundation

/// Xcode file templates (`.xctemplate` folders) that create the same screens as `new screen`.
///
/// Xcode picks a template's files from the subfolder named by the chosen options: the value of
/// each popup followed by the identifier of each checked checkbox, in the order of the options
/// (`MVVM`, `MVVMObservable`, …). File names use `___FILEBASENAME___`, which Xcode replaces with
/// the name typed for `productName`; inside a file, `___VARIABLE_productName:identifier___` is
/// that name and `___FILEBASENAMEASIDENTIFIER___` the file's own base name.
public enum XcodeTemplates {
    /// One template folder: its name and its files, by path relative to the folder.
    public struct Template: Sendable {
        public var folderName: String
        public var files: [(path: String, contents: String)]
    }

    /// Xcode's placeholder for the name typed in the template's `productName` field.
    public static let productName = "___VARIABLE_productName:identifier___"
    /// Xcode's placeholder, in a file name, for the name typed in `productName`.
    public static let fileBaseName = "___FILEBASENAME___"
    /// Xcode's placeholder, in a file, for that file's base name as an identifier.
    public static let fileBaseNameAsIdentifier = "___FILEBASENAMEASIDENTIFIER___"

    /// The identifier of the checkbox that picks `@Observable` models, and so the suffix of the
    /// variant folders that use them.
    public static let observableOption = "Observable"
    /// The values of the store template's popup, which are also its folder names.
    public static let storeVariants = ["ObservableObject", "Observable"]

    public static let screenTemplateName = "SwiftUI Screen.xctemplate"
    public static let storeTemplateName = "Redux Store.xctemplate"

    /// The variant folder of a pattern, with or without `@Observable`.
    public static func variantFolder(_ pattern: ScreenPattern, observable: Bool) -> String {
        pattern.displayName + (observable ? observableOption : "")
    }

    /// The screen template (every pattern, with and without `@Observable`) and the redux pattern's
    /// generic store template, named after `naming`.
    public static func templates(naming: ScaffoldNaming) -> [Template] {
        var screen: [(path: String, contents: String)] = [("TemplateInfo.plist", screenInfo(naming: naming))]
        for pattern in ScreenPattern.allCases {
            for observable in [false, true] {
                let names = naming.names(productName, pattern: pattern)
                for file in ScreenSources.files(names, pattern: pattern, observable: observable) where !file.isShared {
                    let fileName = fileBaseName + file.name.dropFirst(productName.count)
                    screen.append((variantFolder(pattern, observable: observable) + "/" + fileName, file.contents))
                }
            }
        }
        var store: [(path: String, contents: String)] = [("TemplateInfo.plist", storeInfo(naming: naming))]
        for (variant, observable) in zip(storeVariants, [false, true]) {
            store.append((variant + "/" + fileBaseName + ".swift", ScreenSources.genericStore(fileBaseNameAsIdentifier, observable: observable)))
        }
        return [Template(folderName: screenTemplateName, files: screen), Template(folderName: storeTemplateName, files: store)]
    }

    /// Writes the templates into `directory` (created if needed). An existing template folder is
    /// never replaced: nothing is written then.
    /// - Returns: the template folders written, absolute.
    public static func export(to directory: String, naming: ScaffoldNaming) throws -> [String] {
        let fm = FileManager.default
        let dir = FileDiscovery.absolutePath(directory)
        let all = templates(naming: naming)
        let existing = all.map { FileDiscovery.join(dir, $0.folderName) }.filter { fm.fileExists(atPath: $0) }
        if !existing.isEmpty {
            throw ScaffoldError(messages: existing.map { "\($0) already exists; it was not replaced" } + ["nothing was written; remove it to export the templates again"])
        }
        var written: [String] = []
        for template in all {
            let root = FileDiscovery.join(dir, template.folderName)
            for file in template.files {
                let path = FileDiscovery.join(root, file.path)
                do {
                    try fm.createDirectory(atPath: FileDiscovery.parent(of: path), withIntermediateDirectories: true)
                } catch {
                    throw ScaffoldError(messages: ["\(FileDiscovery.parent(of: path)): cannot create the directory: \(error.localizedDescription)"])
                }
                try ScreenScaffold.createNew(path, contents: file.contents)
            }
            written.append(root)
        }
        return written
    }

    // MARK: TemplateInfo.plist

    static func screenInfo(naming: ScaffoldNaming) -> String {
        let patterns = ScreenPattern.allCases.map(\.displayName)
        return plist([
            ("Kind", .string("Xcode.IDEFoundation.TextSubstitutionFileTemplateKind")),
            ("Summary", .string("A SwiftUI screen: a view, its model and the use case it loads from")),
            ("Description", .string("A SwiftUI screen in the MVVM, MVI or Redux pattern, written to pass mvilint. The Redux pattern uses the generic store of the Redux Store template (named \(naming.genericStore)).")),
            ("SortOrder", .string("1")),
            ("SupportsSwiftPackage", .bool(true)),
            ("MainTemplateFile", .string(fileBaseName + "View.swift")),
            ("Options", .array([
                .dict([
                    ("Identifier", .string("productName")), ("Required", .bool(true)), ("Name", .string("Screen:")),
                    ("Description", .string("The screen's name in UpperCamelCase, without View (Profile makes ProfileView)")),
                    ("Type", .string("text")), ("Default", .string("Screen")), ("NotPersisted", .bool(true)),
                ]),
                .dict([
                    ("Identifier", .string("pattern")), ("Required", .bool(true)), ("Name", .string("Pattern:")),
                    ("Description", .string("MVVM: a view model; MVI: a store with State and Intent; Redux: State, Action, a pure reducer")),
                    ("Type", .string("popup")), ("Default", .string(patterns[0])), ("Values", .array(patterns.map { .string($0) })),
                ]),
                .dict([
                    ("Identifier", .string(observableOption)), ("Name", .string("Use @Observable (iOS 17)")),
                    ("Description", .string("An @Observable model held in @State, instead of an ObservableObject held in @StateObject")),
                    ("Type", .string("checkbox")), ("Default", .string("false")),
                ]),
            ])),
        ])
    }

    static func storeInfo(naming: ScaffoldNaming) -> String {
        plist([
            ("Kind", .string("Xcode.IDEFoundation.TextSubstitutionFileTemplateKind")),
            ("Summary", .string("The generic store the Redux screens share (add it once)")),
            ("Description", .string("A generic store with dispatch, for the screens of the Redux pattern. Name it \(naming.genericStore).")),
            ("SortOrder", .string("2")),
            ("SupportsSwiftPackage", .bool(true)),
            ("MainTemplateFile", .string(fileBaseName + ".swift")),
            ("Options", .array([
                .dict([
                    ("Identifier", .string("productName")), ("Required", .bool(true)), ("Name", .string("Name:")),
                    ("Description", .string("The store's type name; the Redux screens use \(naming.genericStore)")),
                    ("Type", .string("text")), ("Default", .string(naming.genericStore)),
                ]),
                .dict([
                    ("Identifier", .string("observation")), ("Required", .bool(true)), ("Name", .string("Observation:")),
                    ("Description", .string("ObservableObject (held in @StateObject) or @Observable (iOS 17, held in @State), as the screens chose")),
                    ("Type", .string("popup")), ("Default", .string(storeVariants[0])), ("Values", .array(storeVariants.map { .string($0) })),
                ]),
            ])),
        ])
    }

    /// A property-list value, for writing XML by hand in a fixed key order.
    indirect enum PlistValue {
        case string(String)
        case bool(Bool)
        case array([PlistValue])
        case dict([(String, PlistValue)])
    }

    static func plist(_ entries: [(String, PlistValue)]) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """
        render(.dict(entries), depth: 0, into: &out)
        out += "</plist>\n"
        return out
    }

    private static func render(_ value: PlistValue, depth: Int, into out: inout String) {
        let pad = String(repeating: "\t", count: depth)
        switch value {
        case .string(let s): out += pad + "<string>\(escaped(s))</string>\n"
        case .bool(let b): out += pad + (b ? "<true/>" : "<false/>") + "\n"
        case .array(let items):
            out += pad + "<array>\n"
            for item in items { render(item, depth: depth + 1, into: &out) }
            out += pad + "</array>\n"
        case .dict(let entries):
            out += pad + "<dict>\n"
            for (key, item) in entries {
                out += pad + "\t<key>\(escaped(key))</key>\n"
                render(item, depth: depth + 1, into: &out)
            }
            out += pad + "</dict>\n"
        }
    }

    private static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
