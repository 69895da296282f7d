// Scanner fixture: `$` inside identifiers, as macro expansions write them (checked by Tools/oracle.sh).
struct Tracked {
    var _$id = 0
    var _$observationRegistrar: Int { 0 }
    mutating func _$willModify() {}
    static func _$isIdentityEqual(_ lhs: Self, _ rhs: Self) -> Bool { lhs._$id == rhs._$id }
    func use(_ values: [Int]) -> [Int] { values.map { $0 + _$id } }
}
