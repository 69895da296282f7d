/// Entry point: `scanner-oracle [--quiet] [--limit N] PATH...` compares every Swift file under the paths.
import Foundation

/// Swift files under `path` (itself, if it is a file), skipping hidden directories and `.build`.
func swiftFiles(under path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
    if !isDirectory.boolValue { return path.hasSuffix(".swift") ? [path] : [] }
    guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
    var files: [String] = []
    while let relative = walker.nextObject() as? String {
        let name = (relative as NSString).lastPathComponent
        if name.hasPrefix(".") || name == ".build" {
            walker.skipDescendants()
            continue
        }
        if name.hasSuffix(".swift") { files.append((path as NSString).appendingPathComponent(relative)) }
    }
    return files.sorted()
}

var quiet = false
var limit = Int.max
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quiet": quiet = true
    case "--limit":
        guard let value = arguments.popFirst().flatMap(Int.init) else {
            FileHandle.standardError.write("Error: --limit needs a number\n".data(using: .utf8)!)
            exit(2)
        }
        limit = value
    case "-h", "--help":
        print("Usage: scanner-oracle [--quiet] [--limit N] PATH...")
        print("Compares declarations, literals and comments found by MVILintCore with SwiftParser's, file by file.")
        print("  --quiet    print only the agreement summary")
        print("  --limit N  print at most N disagreements")
        exit(0)
    default: paths.append(argument)
    }
}
guard !paths.isEmpty else {
    FileHandle.standardError.write("Usage: scanner-oracle [--quiet] [--limit N] PATH...\n".data(using: .utf8)!)
    exit(2)
}

var totals: [Category: Tally] = [:]
var disagreementCount = 0
var fileCount = 0
var filesWithSyntaxErrors: [String] = []
for root in paths {
    let files = swiftFiles(under: root)
    if files.isEmpty { print("note: no Swift files under \(root)") }
    for path in files {
        guard let data = FileManager.default.contents(atPath: path) else {
            print("\(path): error: cannot read")
            disagreementCount += 1
            continue
        }
        let bytes = [UInt8](data)
        fileCount += 1
        let reference = theirFacts(path: path, bytes: bytes)
        // Invalid Swift is not compared: there the reference is itself a recovery guess (the
        // scanner's behaviour on any input is what the fuzz target checks).
        if reference.hasSyntaxErrors {
            filesWithSyntaxErrors.append(path)
            continue
        }
        let (disagreements, tallies) = compare(ours: ourFacts(path: path, bytes: bytes), theirs: reference.facts)
        for (category, tally) in tallies { totals[category, default: Tally()].add(tally) }
        for d in disagreements {
            if !quiet && disagreementCount < limit { print("\(path):\(d.line): [\(d.category.rawValue)] ours=\(d.ours) theirs=\(d.theirs)") }
            disagreementCount += 1
        }
    }
}

func percent(_ t: Tally) -> String {
    t.total == 0 ? "-" : String(format: "%.2f%%", 100 * Double(t.agreed) / Double(t.total))
}
var overall = Tally()
print("== scanner oracle: \(fileCount - filesWithSyntaxErrors.count) files compared, \(disagreementCount) disagreements")
for category in Category.allCases {
    let t = totals[category] ?? Tally()
    overall.add(t)
    print("\(category.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)) \(t.agreed)/\(t.total) \(percent(t))")
}
print("overall     \(overall.agreed)/\(overall.total) \(percent(overall))")
if !filesWithSyntaxErrors.isEmpty {
    print("note: skipped \(filesWithSyntaxErrors.count) file(s) in which SwiftParser finds syntax errors:")
    for path in filesWithSyntaxErrors.prefix(10) { print("  \(path)") }
    if filesWithSyntaxErrors.count > 10 { print("  …") }
}
exit(disagreementCount == 0 ? 0 : 1)
