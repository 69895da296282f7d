// Scanner fixture: generic argument lists in initializers and attributes (checked by Tools/oracle.sh).
import Combine
import SwiftUI

final class SearchModel: ObservableObject {
    // The comma inside the generic arguments does not start a second binding.
    let queries = PassthroughSubject<String, Never>()
    private var pending = Set<AnyCancellable>(), retries = Dictionary<String, Int>()
    var results: AnyPublisher<[String], Never> = Just([]).eraseToAnyPublisher()
    let nested = Array<Dictionary<String, Int>>(), optional = Optional<Array<Int>>.none
    let loader = Task<Void, Never> {}
    let typed = Result<Int, Error>.success(1)
    // Near misses: comparisons, not generic arguments.
    let first = 1 < 2, second = 3 > 1
    let tight = SearchModel.a<SearchModel.b, third = SearchModel.b>SearchModel.a
    static let a = 1, b = 2
}

struct SearchView: View {
    @FocusState<Field?> private var focused: Field?
    @FocusState<Field?>.Binding var external: Field?
    @Lens<SearchModel, Int>(\.count) var count: Int

    enum Field: Hashable { case query }

    @ViewBuilder<Never>
    var body: some View {
        Text("search")
    }
}
