// Stand-in macro plugin: expands the macros the stand-in modules declare (`#Preview` of SwiftUI,
// `@Reducer` and `@ObservableState` of ComposableArchitecture) well enough for `-typecheck`.
// See Tests/StandIns/README.md.
//
// The compiler runs it with `-load-plugin-executable DIR/StandInMacros#PreviewsMacros,ComposableArchitectureMacros`
// and talks to it over standard input and output: each message is a JSON object prefixed with
// its length in bytes as a little-endian 64-bit integer. The host first asks for the plugin's
// capability, then sends one expansion request per macro use.
import Foundation

/// The protocol version this plugin answers with (the host's messages of this version carry
/// everything read here).
let protocolVersion = 7

/// Reads exactly `count` bytes from `fd`, or nil at the end of input.
func readBytes(_ fd: Int32, _ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, count - done) }
        if n <= 0 { return nil }
        done += n
    }
    return buffer
}

func writeBytes(_ fd: Int32, _ bytes: [UInt8]) {
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
        if n <= 0 { exit(1) }
        done += n
    }
}

func send(_ fd: Int32, _ message: [String: Any]) {
    let payload = [UInt8](try! JSONSerialization.data(withJSONObject: message))
    var header = UInt64(payload.count).littleEndian
    writeBytes(fd, withUnsafeBytes(of: &header) { [UInt8]($0) } + payload)
}

/// The expansion of one macro use: Swift source, or nil with a message for an unknown macro.
func expand(typeName: String, role: String, extendedType: String?, conformances: String?) -> (String?, String?) {
    switch (typeName, role) {
    case ("SwiftUIView", "declaration"):
        // `#Preview { … }`: the compiler has already type-checked the closure against the macro's
        // signature; the preview itself (a registration for Xcode's canvas) is left out.
        return ("", nil)
    case ("ReducerMacro", "extension"), ("ObservableStateMacro", "extension"):
        // `@Reducer struct F` conforms F to `Reducer`; `@ObservableState struct S` conforms S to
        // `ObservableState`. The host lists the conformances the type still lacks as the
        // inheritance clause of a placeholder declaration (`struct Placeholder: Reducer {}`).
        guard let type = extendedType, let list = conformances.map(inheritedTypes), !list.isEmpty else { return ("", nil) }
        return ("extension \(type): \(list) {}", nil)
    default:
        return (nil, "the stand-in macro plugin does not expand \(typeName) as a \(role) macro")
    }
}

/// The types a placeholder declaration inherits: the text between its first `:` and its body.
func inheritedTypes(_ declaration: String) -> String {
    guard let colon = declaration.firstIndex(of: ":"), let brace = declaration.lastIndex(of: "{"), colon < brace else { return "" }
    return declaration[declaration.index(after: colon)..<brace].trimmingCharacters(in: .whitespacesAndNewlines)
}

let input = dup(0)
let output = dup(1)
// Free-form output of the plugin goes to standard error, never into the message stream.
dup2(2, 1)

while let header = readBytes(input, 8) {
    let count = header.withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))) }
    guard let payload = readBytes(input, count),
          let message = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any] else { exit(1) }

    if message["getCapability"] != nil {
        send(output, ["getCapabilityResult": ["capability": ["protocolVersion": protocolVersion]]])
        continue
    }
    let request = (message["expandFreestandingMacro"] ?? message["expandAttachedMacro"]) as? [String: Any]
    guard let request = request else {
        send(output, ["expandMacroResult": ["diagnostics": [] as [Any]]])
        continue
    }
    let macro = request["macro"] as? [String: Any] ?? [:]
    let source = { (key: String) in (request[key] as? [String: Any])?["source"] as? String }
    let (expanded, problem) = expand(typeName: macro["typeName"] as? String ?? "",
                                     role: request["macroRole"] as? String ?? "declaration",
                                     extendedType: source("extendedTypeSyntax"),
                                     conformances: source("conformanceListSyntax"))
    var result: [String: Any] = ["diagnostics": [] as [Any]]
    if let expanded = expanded { result["expandedSource"] = expanded }
    if let problem = problem {
        let syntax = (request["syntax"] ?? request["attributeSyntax"]) as? [String: Any]
        let location = syntax?["location"] as? [String: Any] ?? [:]
        let position: [String: Any] = ["fileName": location["fileName"] ?? "", "offset": location["offset"] ?? 0]
        result["diagnostics"] = [["message": problem, "severity": "error", "position": position,
                                  "highlights": [] as [Any], "notes": [] as [Any], "fixIts": [] as [Any]]]
    }
    send(output, ["expandMacroResult": result])
}
