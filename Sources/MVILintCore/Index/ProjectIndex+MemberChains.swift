/// Member chains typed step by step through the stored properties of the project's types.

extension ProjectIndex {
    /// One member of a chain followed through the project's types: its name, the type of the
    /// value it holds, and whether it holds a collection of that type (`[Order]`, `[String: Order]`),
    /// after which the chain's next member is the collection's, not an element's.
    public struct MemberStep: Sendable, Equatable {
        public var name: String
        public var type: String
        public var isCollection: Bool
        public init(name: String, type: String, isCollection: Bool) { self.name = name; self.type = type; self.isCollection = isCollection }
    }

    /// Chains are followed at most this many members deep.
    public static let memberChainLimit = 12

    /// The types along `members` (`interactors`, `orders` of `deps.interactors.orders`), followed
    /// from a value of type `root` through the stored instance properties of the project's types:
    /// those of a type's primary declaration, nested types included (a type is known by its simple
    /// name, also one declared inside an extension), typealiases followed. A property's type is
    /// its annotation, its initial value (`= Orders()`, `= Orders.shared`), its wrapper's argument
    /// (`@Injected(Orders.self)`) or, for a key path (`@Injected(\.orders)`), the type the project
    /// registers for it (`keyPathDependencyTypes`). The walk stops before the first member that is
    /// not such a property (a method, a computed property, a member of a type the project does not
    /// declare), after a property that holds a function or a collection, and after
    /// `memberChainLimit` members: the result has one step per member followed.
    public func memberChain<S: Sequence>(from root: String, through members: S) -> [MemberStep] where S.Element == String {
        var steps: [MemberStep] = []
        var owner = root
        for name in members {
            guard steps.count < ProjectIndex.memberChainLimit, let p = storedProperty(name, of: owner), !p.isFunctionTyped,
                  let type = propertyType(p), !type.isEmpty else { break }
            steps.append(MemberStep(name: name, type: type, isCollection: p.isBracketCollection))
            if p.isBracketCollection { break }
            owner = type
        }
        return steps
    }

    /// The stored instance property `name` of the type `owner`, when the project declares both.
    public func storedProperty(_ name: String, of owner: String) -> PropertySummary? {
        guard let id = names.symbol(resolve(owner)) else { return nil }
        // Read in place: binding the symbol to a local would copy (retain) all of its arrays.
        for k in symbolTable[Int(id)].storedProperties.indices where symbolTable[Int(id)].storedProperties[k].name == name {
            return symbolTable[Int(id)].storedProperties[k]
        }
        return nil
    }

    /// The type a stored property holds (`PropertySummary.typeName`), or, for a property that a
    /// wrapper fills through a key path (`@Environment(\.orders)`, `@Injected(\Container.orders)`),
    /// the type the project registers for that key (`keyPathDependencyTypes`).
    public func propertyType(_ p: PropertySummary) -> String? {
        if let t = p.typeName { return t }
        guard let key = p.keyPathName else { return nil }
        return keyPathDependencyTypes[key]
    }
}

extension PropertySummary {
    /// For a wrapper whose argument is a key path (`\.orders`, `\Container.orders`): the
    /// property it reads (`orders`); nil otherwise.
    public var keyPathName: String? {
        guard let args = wrapperArguments, args.hasPrefix("\\") else { return nil }
        // The name after the last `.` of the first argument.
        let first = args.split(separator: ",", maxSplits: 1).first.map(String.init) ?? args
        guard let dot = first.lastIndex(of: "."), first.index(after: dot) < first.endIndex else { return nil }
        let name = String(first[first.index(after: dot)...])
        return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber } ? name : nil
    }
}
