/// Table tests of the structure pass: declarations, members, headers and bodies.
import XCTest
@testable import MVILintCore

final class ParserTests: XCTestCase {
    func parse(_ source: String) -> SourceFile { SourceFile(path: "T.swift", text: source) }

    func testTypeDeclarationsWithHeadersAndInheritance() {
        let f = parse("""
        import SwiftUI
        import Combine.Publishers
        @MainActor
        public final class FeedViewModel<T: Hashable>: BaseModel, ObservableObject where T: Sendable {
            struct Inner: Equatable {}
        }
        @Observable final class Cart {}
        struct FeedView: SwiftUI.View {}
        extension FeedView: Equatable where T == Int {}
        protocol ScreenModel: AnyObject, ObservableObject {}
        actor Cache {}
        enum Route: Hashable { case home, detail(id: Int) }
        """)
        XCTAssertEqual(f.tree.imports, ["SwiftUI", "Combine.Publishers"])
        let types = f.tree.allTypes
        XCTAssertEqual(types.map(\.name), ["FeedViewModel", "Inner", "Cart", "FeedView", "FeedView", "ScreenModel", "Cache", "Route"])
        XCTAssertEqual(types.map(\.kind), [.class, .struct, .class, .struct, .extension, .protocol, .actor, .enum])
        let vm = types[0]
        XCTAssertEqual(vm.genericParameters, ["T"])
        XCTAssertEqual(vm.inheritedBaseNames, ["BaseModel", "ObservableObject"])
        XCTAssertTrue(vm.header.isMainActor)
        XCTAssertEqual(vm.header.access, .public)
        XCTAssertTrue(vm.header.hasModifier("final"))
        XCTAssertNotNil(vm.whereClause)
        XCTAssertEqual(f.location(ofToken: vm.nameToken), SourceLocation(line: 4, column: 20))
        XCTAssertEqual(types[1].outerNames, ["FeedViewModel"])
        XCTAssertEqual(types[1].qualifiedName, "FeedViewModel.Inner")
        XCTAssertTrue(types[2].header.hasAttribute("Observable"))
        XCTAssertEqual(types[3].inherited.map(\.text), ["SwiftUI.View"])
        XCTAssertEqual(types[3].inheritedBaseNames, ["View"])
        XCTAssertEqual(types[5].inheritedBaseNames, ["AnyObject", "ObservableObject"])
    }

    func testPropertiesWrappersModifiersAndKinds() {
        let f = parse("""
        final class M: ObservableObject {
            @Published private(set) var count: Int = 0
            @Published var items = [Item](), other: [String: Int] = [:]
            nonisolated(unsafe) static var shared = M()
            lazy var formatter = DateFormatter()
            let id = UUID()
            var total: Int { count * 2 }
            var name: String {
                get { "x" }
                set { }
            }
            var observed = 0 {
                didSet { print(observed) }
            }
            @Environment(\\.dismiss) private var dismiss
            var closure: () -> Void = { print("a") }
            var chained = Foo()
                .bar()
                .baz
            weak var delegate: Delegate?
        }
        """)
        let vars = f.tree.allTypes[0].variables
        XCTAssertEqual(vars.map(\.name), ["count", "items", "other", "shared", "formatter", "id", "total", "name", "observed", "dismiss", "closure", "chained", "delegate"])
        let count = vars[0]
        XCTAssertTrue(count.isPublished)
        XCTAssertEqual(count.header.setterAccess, .private)
        XCTAssertEqual(count.header.access, .internal)
        XCTAssertEqual(count.type?.text, "Int")
        XCTAssertEqual(f.text(of: count.initializer!), "0")
        XCTAssertTrue(vars[1].isPublished)
        XCTAssertTrue(vars[2].isPublished, "attributes apply to every binding")
        XCTAssertEqual(vars[2].type?.text, "[String:Int]")
        XCTAssertTrue(vars[3].isStatic)
        XCTAssertFalse(vars[3].header.isNonisolated, "nonisolated(unsafe) is not nonisolated")
        XCTAssertTrue(vars[4].header.hasModifier("lazy"))
        XCTAssertTrue(vars[5].isLet)
        XCTAssertTrue(vars[6].isComputed)
        XCTAssertTrue(vars[7].isComputed)
        XCTAssertTrue(vars[8].hasObservers)
        XCTAssertFalse(vars[8].isComputed)
        XCTAssertEqual(vars[9].wrappers.map(\.name), ["Environment"])
        XCTAssertNotNil(vars[9].wrappers[0].arguments)
        XCTAssertTrue(vars[10].isStored)
        XCTAssertEqual(f.text(of: vars[11].initializer!, compact: true), "Foo().bar().baz")
        XCTAssertEqual(vars[12].type?.baseName, "Delegate")
        XCTAssertTrue(vars[12].header.hasModifier("weak"))
    }

    func testOpenIsAModifierBeforeADeclarationAndANameElsewhere() {
        let f = parse("""
        open class Door: NSObject {
            open var open = false
            public open(set) var label = ""
            open override func close() { let open = label.isEmpty; print(open) }
            func open(_ animated: Bool) {}
        }
        """)
        let door = f.tree.allTypes[0]
        XCTAssertEqual(door.name, "Door")
        XCTAssertEqual(door.header.access, .open)
        XCTAssertEqual(door.variables.map(\.name), ["open", "label"])
        XCTAssertEqual(door.variables[0].header.access, .open)
        XCTAssertEqual(door.variables[1].header.setterAccess, .open)
        XCTAssertEqual(door.functions.map(\.name), ["close", "open"])
        XCTAssertEqual(door.functions[0].header.access, .open)
        XCTAssertTrue(door.functions[0].header.hasModifier("override"))
        XCTAssertEqual(door.functions[1].header.access, .internal)
        XCTAssertTrue(f.localNames(in: door.functions[0].bodyTokens!).contains("open"))
    }

    func testFunctionsAndInitializers() {
        let f = parse("""
        struct S {
            init?(id: Int, _ name: String = "") async throws { }
            @MainActor func load(for user: User, completion: @escaping (Result<Int, Error>) -> Void) async throws -> [Item] { [] }
            nonisolated func reduce(_ state: inout AppState, _ action: AppAction) {}
            static func == (a: S, b: S) -> Bool { true }
            func generic<T>(_ t: T) where T: Equatable {}
            subscript(index: Int) -> Int { 0 }
            deinit {}
        }
        """)
        let fs = f.tree.allTypes[0].functions
        XCTAssertEqual(fs.map(\.name), ["init", "load", "reduce", "==", "generic", "subscript", "deinit"])
        XCTAssertEqual(fs.map(\.kind), [.initializer, .function, .function, .function, .function, .subscript, .deinitializer])
        XCTAssertTrue(fs[0].isAsync && fs[0].isThrowing)
        XCTAssertEqual(f.parameters(of: fs[0]).map(\.label), ["id", nil])
        XCTAssertEqual(f.parameters(of: fs[0]).map(\.name), ["id", "name"])
        XCTAssertNotNil(f.parameters(of: fs[0])[1].defaultValue)
        XCTAssertTrue(fs[1].header.isMainActor)
        XCTAssertEqual(f.parameters(of: fs[1]).map(\.label), ["for", "completion"])
        XCTAssertEqual(f.parameters(of: fs[1])[1].type?.text, "@escaping (Result<Int,Error>)->Void")
        XCTAssertEqual(f.returnType(of: fs[1])?.baseName, "Item")
        XCTAssertEqual(f.returnType(of: fs[1])?.text, "[Item]")
        XCTAssertNil(f.returnType(of: fs[0]))
        XCTAssertTrue(fs[2].header.isNonisolated)
        XCTAssertTrue(f.parameters(of: fs[2])[0].isInout)
        XCTAssertEqual(f.parameters(of: fs[2])[0].type?.baseName, "AppState")
        XCTAssertEqual(f.parameters(of: fs[2])[1].type?.baseName, "AppAction")
        XCTAssertNotNil(fs[6].bodyOpen)
    }

    func testEveryIfConfigBranchIsKept() {
        let f = parse("""
        #if os(iOS)
        final class A: ObservableObject {
            #if DEBUG
            @Published var debug = 0
            #else
            @Published var release = 0
            #endif
        }
        #elseif os(macOS)
        final class B {}
        #else
        final class C {}
        #endif
        """)
        XCTAssertEqual(f.tree.allTypes.map(\.name), ["A", "B", "C"])
        XCTAssertEqual(f.tree.allTypes[0].variables.map(\.name), ["debug", "release"])
    }

    func testTypeTextJoinsTokensTheSameWayWhateverTheSourceSpacing() {
        // Source spacing that reads as the text is decoded in place; any other is rebuilt. Both
        // must give the same text.
        let cases: [(String, String)] = [
            ("some View", "some View"), ("some  View", "some View"), ("some/* c */View", "some View"), ("some\tView", "some View"),
            ("[String: Int]", "[String:Int]"), ("[String:Int]", "[String:Int]"), ("[ String ]", "[String]"),
            ("Store<A, B>?", "Store<A,B>?"), ("Store<A,B>?", "Store<A,B>?"), ("@unchecked Sendable", "@unchecked Sendable"),
            ("@escaping (Int) -> Void", "@escaping (Int)->Void"), ("@escaping (Int)->Void", "@escaping (Int)->Void"),
            ("any Foo & Bar", "any Foo&Bar"), ("inout State", "inout State"), ("Foo . Bar", "Foo.Bar"), ("$0", "$0"),
        ]
        for (written, text) in cases {
            let f = parse("struct S {\n    var a: \(written)\n}\n")
            XCTAssertEqual(f.tree.allTypes.first?.variables.first?.type?.text, text, written)
        }
    }

    func testTypeRefBaseNames() {
        let cases: [(String, String)] = [
            ("[any FooRepository]?", "FooRepository"), ("Swift.Array<Foo>", "Foo"), ("Combine.ObservableObject", "ObservableObject"),
            ("some View", "View"), ("Optional<Bar>", "Bar"), ("[String: Baz]", "Baz"), ("inout State", "State"),
            ("StateObject<VM>", "StateObject"), ("@unchecked Sendable", "Sendable"), ("Foo!", "Foo"), ("any P & Q", "P&Q"),
        ]
        for (text, base) in cases { XCTAssertEqual(TypeRef.baseName(of: text), base, text) }
    }

    func testMalformedInputDegradesGracefully() {
        let inputs = [
            "class", "struct {", "}}}}", "class A: { var", "func (", "@", "@Published", "var x = ", "extension",
            "class A { func f() { if { } } } }", "#if\n#endif\n#else", "let x = \"unterminated", "/* never closed",
            "class A { var x: [Int", "typealias = ", "init?", String(repeating: "{", count: 10_000), String(repeating: "class A { ", count: 500),
        ]
        for input in inputs {
            let f = parse(input)
            XCTAssertEqual(f.tokens.last?.kind, .eof, input)
            _ = f.bodyAnalysis
        }
        // Deep nesting stays bounded and still finds the outer type.
        let deep = parse(String(repeating: "struct S { ", count: 2_000) + String(repeating: "}", count: 2_000))
        XCTAssertEqual(deep.tree.allTypes.first?.name, "S")
    }
}
