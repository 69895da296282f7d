/// Type-checks generated Swift files with the compiler: against the stand-in modules of
/// Tests/StandIns on Linux, against the iOS simulator SDK on Apple platforms.
import Foundation
import XCTest

enum TypeCheck {
    /// The repository's root directory.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// `swiftc` on the search path, if any.
    static let swiftc: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(dir)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// The directory the stand-in modules are built into, once per test run (Linux only), or the
    /// build's failure.
    static let standIns: Result<String, Failure> = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-standins-\(UUID().uuidString)").path
        let r = run("/bin/sh", [repositoryRoot + "/Tests/Scripts/standins.sh", dir], environment: ["SWIFTC": swiftc ?? "swiftc"])
        return r.status == 0 ? .success(dir) : .failure(Failure(message: "Tests/Scripts/standins.sh failed:\n" + r.output))
    }()

    /// The compiler arguments that type-check against the stand-ins (search path, macro plugin,
    /// implicit imports), as Tests/Scripts/standins.sh writes them into the directory's `flags`.
    static func standInFlags() throws -> [String] {
        let dir = try standIns.get()
        let text = try String(contentsOfFile: dir + "/flags", encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Type-checks `files` together; returns the compiler's status and output. Skips the test
    /// when there is no compiler (or, on Apple platforms, no iOS simulator SDK).
    /// `swiftVersion` picks the language mode on Linux (`-swift-version`); the SDK check on Apple
    /// platforms uses the compiler's default. `extra` goes to the compiler on both (`-D DEBUG`).
    static func check(_ files: [String], swiftVersion: String? = nil, extra: [String] = []) throws -> (status: Int32, output: String) {
        guard let swiftc = swiftc else { throw XCTSkip("swiftc is not on the search path: the generated files were not type-checked") }
        #if canImport(Darwin)
        let sdk = run("/usr/bin/xcrun", ["--sdk", "iphonesimulator", "--show-sdk-path"])
        guard sdk.status == 0 else { throw XCTSkip("no iOS simulator SDK (xcrun --sdk iphonesimulator): the generated files were not type-checked") }
        var arch = utsname()
        uname(&arch)
        let machine = withUnsafeBytes(of: &arch.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let target = (machine == "x86_64" ? "x86_64" : "arm64") + "-apple-ios17.0-simulator"
        let r = run(swiftc, ["-typecheck", "-sdk", sdk.output.trimmingCharacters(in: .whitespacesAndNewlines), "-target", target] + extra + files)
        #else
        let r = run(swiftc, ["-typecheck"] + (try standInFlags()) + (swiftVersion.map { ["-swift-version", $0] } ?? []) + extra + files)
        #endif
        return (r.status, r.output)
    }

    /// Runs `executable` with `arguments`; returns its status and its standard output and error.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (127, "cannot run \(executable): \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
