/// A growable stack of trivial values in a raw buffer that doubles as needed, for the per-token
/// loops (bracket matching, closure analysis, line starts): an array's uniqueness check on every
/// push cost more than the push itself. The owner calls `deallocate()` once it is done.
struct RawStack<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    /// Number of elements; lowering it pops them (they need no deinitialization).
    var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    @inline(__always) subscript(i: Int) -> Element { base[i] }

    var last: Element? { count > 0 ? base[count &- 1] : nil }

    @inline(__always) mutating func push(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1 // below `capacity`, so it cannot overflow
    }

    @inline(never) private mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    /// The elements, copied into an array.
    func array() -> [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

    func deallocate() { base.deallocate() }
}
