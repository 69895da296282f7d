// Scanner fixture: editor placeholders left from a template are names (checked by Tools/oracle.sh).
class <#T##Presenter#>: NSObject {
    var title: String = <#value#>
    func <#name#>(_ value: Int) -> Int { value }
}

struct Row {
    let id = <#T##Int#>
}
