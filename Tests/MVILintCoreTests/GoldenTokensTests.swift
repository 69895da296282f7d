/// The lexer's whole output on the examples, the fixtures and tricky snippets, against a committed
/// record: a change to any token's kind, flags, offsets or line, to a comment or to a line start
/// fails, so that a rewrite of the lexer has to reproduce its predecessor exactly (or the record
/// is updated on purpose, and the diff of `Tokens.golden` shows what changed).
///
/// Regenerate after an intended change: `MVILINT_UPDATE_GOLDEN=1 swift test --filter GoldenTokensTests`.
import XCTest
import Foundation
@testable import MVILintCore

final class GoldenTokensTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldenPath = root.appendingPathComponent("Tests/Fixtures/Tokens.golden").path

    /// Short inputs at the lexer's edges, by name.
    static let snippets: [(name: String, bytes: [UInt8])] = [
        ("interpolation", Array(##"let s = "a\(b + "c\(d)")e" + #"raw \#(x) \(y)"#"##.utf8)),
        ("multiline", Array("let s = \"\"\"\n  a \\(b)\n  \"\"\"\nlet t = \"\"\"\nno end".utf8)),
        ("regex", Array("let r = /a+b/\nlet q = #/x/y/#\nlet d = a / b / c\nlet e = x.map(/ 2)".utf8)),
        ("regex after try", Array(#"a = try? /https?:\/\//.firstMatch(in: s)\#nb = try! /a\/*b/\#nc = await /x/ // c\#nd = x! / y /= z\#n}\#n/e/"#.utf8)),
        ("comments", Array("/* a /* b */ c */ x // d\n/// doc\n/** e */ y /* unterminated".utf8)),
        ("operators", Array("a...b; c..<d; e?.f!.g ?? h; i = -j; k &+= 1; l->m; !n; o === p".utf8)),
        ("numbers", Array("0x1F 0b101 0o17 1_000 1.5e-3 0x1p4 .5 1.".utf8)),
        ("pound", Array("#if os(iOS)\n@available(*, deprecated) #selector(f) #Preview { }\n#endif\n#sourceLocation(file: \"a\", line: 1)".utf8)),
        ("identifiers", Array("`class` $0 $name _x é日本 x1 self Self init? try! as? is".utf8)),
        ("invalid", [0x61, 0xFF, 0x62, 0x00, 0x63, 0xC3, 0x28, 0x0D, 0x0A, 0x0D, 0x64, 0x09, 0x0B, 0x0C, 0x65]),
        ("shebang", Array("#!/usr/bin/env swift\nprint(1)\n".utf8)),
        ("empty", []),
    ]

    /// One line per input: name, counts, and a digest of every token, comment and line start.
    static func record(_ name: String, _ bytes: [UInt8]) -> String {
        let lexed = Lexer.lex(bytes)
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ v: Int) {
            var x = UInt64(truncatingIfNeeded: v)
            for _ in 0..<8 { h = (h ^ (x & 0xFF)) &* 0x100_0000_01b3; x >>= 8 }
        }
        for t in lexed.tokens {
            mix(Int(t.kind.rawValue)); mix(Int(t.flags.rawValue)); mix(Int(t.start)); mix(Int(t.end)); mix(Int(t.line))
        }
        mix(-1)
        for c in lexed.comments { mix(Int(c.kind.rawValue)); mix(Int(c.start)); mix(Int(c.end)); mix(Int(c.line)) }
        mix(-2)
        for l in lexed.lineStarts { mix(Int(l)) }
        let digest = String(h, radix: 16)
        return "\(name) tokens=\(lexed.tokens.count) comments=\(lexed.comments.count) lines=\(lexed.lineStarts.count) digest=\(String(repeating: "0", count: 16 - digest.count))\(digest)"
    }

    static func currentRecords() -> [String] {
        var lines: [String] = []
        let base = root.path + "/"
        let files = FileDiscovery.swiftFiles(in: [root.appendingPathComponent("Examples").path, root.appendingPathComponent("Tests/Fixtures").path]).files
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            lines.append(record(String(path.dropFirst(base.count)), [UInt8](data)))
        }
        for s in snippets { lines.append(record("snippet:" + s.name, s.bytes)) }
        return lines
    }

    func testTheLexerReproducesItsRecordedOutput() throws {
        let current = GoldenTokensTests.currentRecords()
        XCTAssertGreaterThan(current.count, 50, "the examples and fixtures were not found")
        if ProcessInfo.processInfo.environment["MVILINT_UPDATE_GOLDEN"] == "1" {
            try (current.joined(separator: "\n") + "\n").write(toFile: GoldenTokensTests.goldenPath, atomically: true, encoding: .utf8)
            return
        }
        let text = try String(contentsOfFile: GoldenTokensTests.goldenPath, encoding: .utf8)
        let recorded = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(recorded.count, current.count, "inputs were added or removed: regenerate Tests/Fixtures/Tokens.golden")
        for (old, new) in zip(recorded, current) where old != new {
            XCTFail("lexer output changed:\n  recorded \(old)\n  now      \(new)")
        }
    }

    /// The record is of the token structure, not of the text, and sees a change in any field: a
    /// token's kind or flags at the same offsets, an offset, a comment's kind, a line start.
    func testTheRecordChangesWithEveryField() {
        func record(_ s: String) -> String { GoldenTokensTests.record("s", Array(s.utf8)) }
        let base = record("let a = x // c\nb")
        XCTAssertEqual(base, record("let a = x // c\nb"))
        XCTAssertEqual(base, record("let q = y // d\nz"), "other text, same structure")
        XCTAssertNotEqual(base, record("let a = 1 // c\nb"), "kind")
        XCTAssertNotEqual(record("a = \"abc\""), record("a = #\"a\"#"), "flags")
        XCTAssertNotEqual(base, record("let a = x  // c\nb"), "offsets")
        XCTAssertNotEqual(base, record("let a = x /* */\nb"), "comment kind")
        XCTAssertNotEqual(base, record("let a = x // c\r\nb"), "line start")
    }
}
