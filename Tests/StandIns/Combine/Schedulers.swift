// Stand-in for Combine: schedulers (where operators such as `receive(on:)` and `debounce` deliver)
// and the Foundation publishers that Apple's Foundation adds when Combine is imported. See
// Tests/StandIns/README.md.
import Foundation

/// Where and when a publisher's values are delivered.
public protocol Scheduler<SchedulerTimeType> {
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    associatedtype SchedulerOptions
    var now: SchedulerTimeType { get }
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
}

/// A span of scheduler time written in seconds, milliseconds, microseconds or nanoseconds.
public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

/// A scheduler time measured in nanoseconds, with its stride; the time types of the stand-in
/// schedulers (Combine gives each scheduler its own, of the same shape).
public struct NanosecondTime: Strideable, Hashable {
    public var nanoseconds: Int
    public init(nanoseconds: Int) { self.nanoseconds = nanoseconds }
    public func distance(to other: NanosecondTime) -> Stride { Stride(nanoseconds: other.nanoseconds - nanoseconds) }
    public func advanced(by n: Stride) -> NanosecondTime { NanosecondTime(nanoseconds: nanoseconds + n.nanoseconds) }

    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable {
        public var nanoseconds: Int
        public init(nanoseconds: Int) { self.nanoseconds = nanoseconds }
        public init(integerLiteral value: Int) { nanoseconds = value * 1_000_000_000 }
        public init?<T: BinaryInteger>(exactly source: T) {
            guard let value = Int(exactly: source) else { return nil }
            self.init(integerLiteral: value)
        }
        public var magnitude: UInt { nanoseconds.magnitude }
        public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: s * 1_000_000_000) }
        public static func seconds(_ s: Double) -> Stride { Stride(nanoseconds: Int(s * 1e9)) }
        public static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: ms * 1_000_000) }
        public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: us * 1_000) }
        public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }
        public static func < (a: Stride, b: Stride) -> Bool { a.nanoseconds < b.nanoseconds }
        public static func + (a: Stride, b: Stride) -> Stride { Stride(nanoseconds: a.nanoseconds + b.nanoseconds) }
        public static func - (a: Stride, b: Stride) -> Stride { Stride(nanoseconds: a.nanoseconds - b.nanoseconds) }
        public static func * (a: Stride, b: Stride) -> Stride { Stride(nanoseconds: a.nanoseconds * b.nanoseconds) }
        public static func += (a: inout Stride, b: Stride) { a = a + b }
        public static func -= (a: inout Stride, b: Stride) { a = a - b }
        public static func *= (a: inout Stride, b: Stride) { a = a * b }
    }
}

extension DispatchQueue: Scheduler {
    public typealias SchedulerTimeType = NanosecondTime
    public struct SchedulerOptions {
        public init() {}
    }
    public var now: NanosecondTime { NanosecondTime(nanoseconds: 0) }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {}
}

extension RunLoop: Scheduler {
    public typealias SchedulerTimeType = NanosecondTime
    public struct SchedulerOptions {
        public init() {}
    }
    public var now: NanosecondTime { NanosecondTime(nanoseconds: 0) }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {}
}

/// Delivers at once, on the current thread.
public struct ImmediateScheduler: Scheduler {
    public typealias SchedulerTimeType = NanosecondTime
    public typealias SchedulerOptions = Never
    public static let shared = ImmediateScheduler()
    public var now: NanosecondTime { NanosecondTime(nanoseconds: 0) }
    public func schedule(options: Never?, _ action: @escaping () -> Void) { action() }
}

// MARK: Foundation's publishers

extension NotificationCenter {
    /// Publishes the notifications of one name (`NotificationCenter.default.publisher(for:)`).
    public struct Publisher: Combine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never
        public let center: NotificationCenter
        public let name: Notification.Name
    }

    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name)
    }
}
