/// Example text that several rules' examples share.
enum SharedExamples {
    /// A typealias declared once per build configuration, naming one of two models
    /// (`HubData`, `RemoteHubData`): which one a use means is not known.
    static let hubDataTypeAlias = """
    #if REMOTE
    typealias DataType = RemoteHubData
    #else
    typealias DataType = HubData
    #endif
    """
}
