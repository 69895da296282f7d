// Stand-in for SwiftUI: colours, shape styles, shapes and fonts. See Tests/StandIns/README.md.

// MARK: Shape styles

/// What a shape or text is filled with: a colour, the tint, a level of the foreground.
public protocol ShapeStyle {}

public struct Color: ShapeStyle, View, Hashable, Sendable {
    let name: String
    public init(_ name: String) { self.name = name }
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) { name = "rgb" }
    public var body: Never { primitiveBody() }
    public func opacity(_ opacity: Double) -> Color { self }

    public static let primary = Color("primary")
    public static let secondary = Color("secondary")
    public static let accentColor = Color("accentColor")
    public static let clear = Color("clear")
    public static let black = Color("black")
    public static let white = Color("white")
    public static let gray = Color("gray")
    public static let red = Color("red")
    public static let orange = Color("orange")
    public static let yellow = Color("yellow")
    public static let green = Color("green")
    public static let blue = Color("blue")
    public static let purple = Color("purple")
    public static let pink = Color("pink")
}

extension ShapeStyle where Self == Color {
    public static var clear: Color { .clear }
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var gray: Color { .gray }
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var blue: Color { .blue }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
}

/// A level of the current foreground style (`.foregroundStyle(.secondary)`, `.fill(.quaternary)`).
public struct HierarchicalShapeStyle: ShapeStyle, Sendable {
    let level: Int
    public static let primary = HierarchicalShapeStyle(level: 0)
    public static let secondary = HierarchicalShapeStyle(level: 1)
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    public static let quaternary = HierarchicalShapeStyle(level: 3)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

/// The view's tint colour (`.foregroundStyle(.tint)`).
public struct TintShapeStyle: ShapeStyle, Sendable {
    public init() {}
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

// MARK: Shapes

/// A 2D shape: a view of its own, filled with the foreground style unless told otherwise.
public protocol Shape: View {}

extension Shape {
    public func fill<S: ShapeStyle>(_ content: S) -> some View { modified() }
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View { modified() }
}

public struct Rectangle: Shape {
    public init() {}
    public var body: Never { primitiveBody() }
}

public struct RoundedRectangle: Shape {
    public var cornerRadius: CGFloat
    public init(cornerRadius: CGFloat) { self.cornerRadius = cornerRadius }
    public var body: Never { primitiveBody() }
}

public struct Circle: Shape {
    public init() {}
    public var body: Never { primitiveBody() }
}

public struct Capsule: Shape {
    public init() {}
    public var body: Never { primitiveBody() }
}

// MARK: Fonts

public struct Font: Hashable, Sendable {
    let name: String

    public static let largeTitle = Font(name: "largeTitle")
    public static let title = Font(name: "title")
    public static let title2 = Font(name: "title2")
    public static let title3 = Font(name: "title3")
    public static let headline = Font(name: "headline")
    public static let subheadline = Font(name: "subheadline")
    public static let body = Font(name: "body")
    public static let callout = Font(name: "callout")
    public static let footnote = Font(name: "footnote")
    public static let caption = Font(name: "caption")
    public static let caption2 = Font(name: "caption2")

    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font { Font(name: "system") }

    public func bold() -> Font { self }
    public func italic() -> Font { self }
    public func monospacedDigit() -> Font { self }
    public func weight(_ weight: Weight) -> Font { self }

    public struct Weight: Hashable, Sendable {
        let value: Int
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
    }

    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }
}
