import XCTest
@testable import MVILintCore

/// The compact structures behind the index: word sets, byte suffixes, interned names, and
/// inheritance merging without a set per symbol.
final class IndexMemoryTests: XCTestCase {
    func testWordSetAgreesWithASetOfStrings() {
        // Words of many lengths sharing first bytes, plus misses of the same shapes.
        var words = ["a", "ab", "abc", "View", "Vie", "Views", "environment", "environmentObject", "é", "日本"]
        words += (0..<200).map { "w\($0 * 7919 % 1000)x" }
        words.append(String(repeating: "z", count: 31))
        let set = WordSet(words)
        let reference = Set(words)
        var probes = words + ["", "b", "abd", "Viex", "environmentObjects", "é́", "日", String(repeating: "z", count: 32)]
        probes += (0..<400).map { "w\($0)x" }
        for p in probes {
            let bytes = Array(p.utf8)
            XCTAssertEqual(set.contains(bytes, 0, bytes.count), reference.contains(p) && bytes.count <= 31, p)
            XCTAssertEqual(set.contains(p), reference.contains(p) && bytes.count <= 31, p)
        }
        // Offsets inside a larger buffer.
        let text = Array("let environmentObject = View".utf8)
        XCTAssertTrue(set.contains(text, 4, 21))
        XCTAssertTrue(set.contains(text, 24, 28))
        XCTAssertFalse(set.contains(text, 0, 3))
        XCTAssertFalse(WordSet([]).contains("a"))
    }

    /// `isName(_:in:)` asks about the same name `name(_:)` returns: backticks do not count.
    func testNameMembershipIgnoresBackticks() {
        let file = SourceFile(path: "N.swift", text: "Text(`Text`) `padding`(1) Texts(`Tex`) ``")
        let words = WordSet(["Text", "padding"])
        for i in file.tokens.indices where file.kind(i) == .identifier || file.kind(i) == .unknown {
            XCTAssertEqual(file.isName(i, in: words), words.contains(file.name(i)), file.text(i))
        }
        let named = file.tokens.indices.filter { file.isName($0, in: words) }.map { file.text($0) }
        XCTAssertEqual(named, ["Text", "`Text`", "`padding`"])
        XCTAssertFalse(file.isName(-1, in: words))
        XCTAssertFalse(file.isName(file.tokens.count, in: words))
    }

    func testNameSuffix() {
        XCTAssertTrue("ProfileViewModel".hasNameSuffix("ViewModel"))
        XCTAssertTrue("ViewModel".hasNameSuffix("ViewModel"))
        XCTAssertTrue("x".hasNameSuffix(""))
        XCTAssertFalse("Model".hasNameSuffix("ViewModel"))
        XCTAssertFalse("ProfileViewModels".hasNameSuffix("ViewModel"))
        XCTAssertTrue("ÜbersichtStore".hasNameSuffix("Store"))
        // A bridged or substring-made string takes the general path.
        let sub = "LoadItemsUseCaseX".dropLast()
        XCTAssertTrue(String(sub).hasNameSuffix("UseCase"))
        XCTAssertTrue("(Int) -> Void".containsBytes("->"))
        XCTAssertTrue("some View".containsBytes("View"))
        XCTAssertTrue("View".containsBytes("View"))
        XCTAssertFalse("Vie".containsBytes("View"))
        XCTAssertFalse("[Item]".containsBytes("->"))
        XCTAssertTrue("".containsBytes(""))
    }

    func testInternerSharesLongNamesAndKeepsValues() {
        let interner = StringInterner()
        let a = interner.intern(String(repeating: "Long", count: 5) + "ViewModel")
        let b = interner.intern(["Long", "Long", "Long", "Long", "Long"].joined() + "ViewModel")
        XCTAssertEqual(a, b)
        XCTAssertEqual(interner.count, 1)
        XCTAssertEqual(interner.intern("Short"), "Short")
        XCTAssertEqual(interner.count, 1, "inline strings are not stored")
        XCTAssertNil(interner.intern(nil as String?))
    }

    func testInterningASummaryChangesNothingTheIndexSees() {
        let source = """
        protocol QuickAccountRepositoryProtocol { var quickAccountRepositoryName: String { get set } }
        final class QuickAccountListViewModel: ObservableObject, QuickAccountRepositoryProtocol {
            @Published var quickAccountRepositoryName = ""
            @Published private(set) var itemsOfTheQuickAccountList: [QuickAccountListItem] = []
            let repository = QuickAccountRepositoryImplementation()
        }
        extension QuickAccountListViewModel: CustomStringConvertible, CustomStringConvertible {}
        typealias QuickAccountListAlias = QuickAccountListViewModel
        struct QuickAccountListScreenView: View {
            @StateObject private var model = QuickAccountListViewModel()
            var body: some View { QuickAccountDetailScreenView().environmentObject(model) }
        }
        """
        let file = SourceFile(path: "/project/QuickAccountListScreenView.swift", text: source)
        let plain = FileSummary(file: file)
        var interned = plain
        let interner = StringInterner()
        interned.intern(interner)
        XCTAssertGreaterThan(interner.count, 5)
        XCTAssertEqual(String(describing: plain), String(describing: interned))
        let index = ProjectIndex(summaries: [interned])
        XCTAssertTrue(index.isObservableObject("QuickAccountListAlias"))
        XCTAssertEqual(index.symbol("QuickAccountListViewModel")?.inherited,
                       ["ObservableObject", "QuickAccountRepositoryProtocol", "CustomStringConvertible"])
        XCTAssertEqual(index.observableState(of: "QuickAccountListViewModel"), ["quickAccountRepositoryName", "itemsOfTheQuickAccountList"])
        XCTAssertTrue(index.isViewLike("QuickAccountListScreenView"))
    }

    func testInheritanceMergingPastTheLinearLimit() {
        // One type extended with more conformances than the linear merge handles, with repeats.
        var summaries: [FileSummary] = []
        let count = ProjectIndex.linearMergeLimit * 3
        for k in 0..<count {
            let text = "extension Model: P\(k), P\(k / 2) {}\n" + (k == 0 ? "class Model: ObservableObject, ObservableObject {}\n" : "")
            summaries.append(FileSummary(file: SourceFile(path: "/p/\(k).swift", text: text)))
        }
        let index = ProjectIndex(summaries: summaries)
        let inherited = index.symbol("Model")?.inherited ?? []
        XCTAssertEqual(inherited.count, Set(inherited).count, "no duplicates")
        XCTAssertEqual(Set(inherited), Set((0..<count).map { "P\($0)" } + ["ObservableObject"]))
        XCTAssertTrue(index.isObservableObject("Model"))
    }

    func testPlainTypeNamesTakeTheSameBaseAsTheGeneralPath() {
        let types = ["String", "ProfileViewModel", "Foo?", "Foo!", "Foo ?", "any", "some", "inout", "Über", "`Type`", "Foo.Bar",
                     "[Item]", "Optional<Item>", "any Repository", "some View", "Store<A, B>?", "Self", "Int?", "(Int) -> Void",
                     // The wrapped forms the parser reads from tokens, and their near misses.
                     "[Item]?", "[Item]!", "[Item] ?", "[[Item]]", "[Item: Value]", "[`Item`]", "[any]", "[some]", "[inout]",
                     "[Self]", "any Store", "some `View`", "some any", "any inout", "some Über", "any _$x", "some/* c */View"]
        for t in types {
            let file = SourceFile(path: "/t.swift", text: "struct S {\n    var a: \(t)\n    func f(x: \(t)) -> \(t) { x }\n}\n")
            guard let type = file.tree.allTypes.first else { return XCTFail(t) }
            let refs = [type.variables.first?.type, type.functions.first.map { file.parameters(of: $0) }?.first?.type, type.functions.first.flatMap { file.returnType(of: $0) }]
            for case let ref? in refs {
                let general = TypeRef(text: ref.text, tokens: ref.tokens)
                XCTAssertEqual(ref.baseName, general.baseName, t)
                XCTAssertEqual(ref.qualifiedBase, general.qualifiedBase, t)
            }
            XCTAssertEqual(refs.compactMap { $0 }.count, 3, t)
        }
    }

    func testMemoComputesOncePerKeyAndStopsKeepingPastItsLimit() {
        let file = SourceFile(path: "/m.swift", text: "struct A {}\n")
        var calls = 0
        XCTAssertEqual(file.memo("answer", 1) { calls += 1; return 42 }, 42)
        XCTAssertEqual(file.memo("answer", 1) { calls += 1; return 0 }, 42)
        XCTAssertEqual(calls, 1)
        // Another question about the same token is another key.
        XCTAssertEqual(file.memo("other", 1) { calls += 1; return "x" }, "x")
        XCTAssertEqual(calls, 2)
        for k in 0..<SourceFile.memoLimit { _ = file.memo("fill", 100 + k) { k } }
        calls = 0
        XCTAssertEqual(file.memo("late", 7) { calls += 1; return 7 }, 7)
        XCTAssertEqual(file.memo("late", 7) { calls += 1; return 7 }, 7)
        XCTAssertEqual(calls, 2, "past the limit a value is computed each time")
        XCTAssertEqual(file.memo("answer", 1) { 0 }, 42, "values kept before the limit stay")
    }

    func testClosuresOverAliasesUndeclaredSupertypesAndCycles() {
        let text = """
        typealias Observing = ObservableObject
        typealias Screen = SwiftUI.View
        class Base: Observing {}
        final class Derived: Base {}
        typealias DerivedAlias = Derived
        protocol P: Q {}
        protocol Q: P {}
        final class Looping: P {}
        struct Page: Screen { var body: some View { Text("") } }
        struct Plain {}
        @MainActor class Isolated {}
        final class Child: Isolated {}
        typealias IsolatedAlias = Isolated
        final class Grandchild: IsolatedAlias {}
        final class Controller: UIViewController {}
        typealias Window = UIWindow
        final class MainWindow: Window {}
        extension UIView { func pin() {} }
        typealias Canvas = UIView
        final class Drawing: Canvas {}
        """
        let index = ProjectIndex(summaries: [FileSummary(file: SourceFile(path: "/c.swift", text: text))])
        XCTAssertTrue(index.isObservableObject("Base"))
        XCTAssertTrue(index.isObservableObject("Derived"))
        XCTAssertTrue(index.isObservableObject("DerivedAlias"))
        XCTAssertFalse(index.isObservableObject("Looping"))
        XCTAssertFalse(index.isObservableObject("Plain"))
        XCTAssertTrue(index.isViewLike("Page"))
        XCTAssertFalse(index.isViewLike("Plain"))
        XCTAssertFalse(index.isViewLike("Looping"))
        XCTAssertTrue(index.hasMainActorAttribute("Child"))
        XCTAssertFalse(index.hasMainActorAttribute("Derived"))
        // Through an alias of an isolated class, an SDK class, and an alias of an SDK class.
        XCTAssertTrue(index.hasMainActorAttribute("Grandchild"))
        XCTAssertTrue(index.hasMainActorAttribute("Controller"))
        XCTAssertTrue(index.hasMainActorAttribute("MainWindow"))
        // An SDK class the project extends is still isolated, named directly or through an alias.
        XCTAssertTrue(index.hasMainActorAttribute("UIView"))
        XCTAssertTrue(index.hasMainActorAttribute("Drawing"))
        XCTAssertFalse(index.hasMainActorAttribute("Plain"))
    }
}
