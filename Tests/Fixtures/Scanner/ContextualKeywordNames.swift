// Scanner fixture: `open` is a modifier before a declaration and a name everywhere else (checked by Tools/oracle.sh).
import Foundation

open class Door: NSObject {
    open var open = false
    public open(set) var label = ""
    open override func close() {
        let open = label.isEmpty
        print(open)
    }
    func open(_ animated: Bool) {}
    open static func make() -> Door { Door() }
}

enum DoorStatus {
    case all, open, closed
}

extension Door {
    var isOpen: Bool { self.open }
}
