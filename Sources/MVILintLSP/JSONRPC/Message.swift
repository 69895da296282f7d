/// JSON-RPC 2.0 messages: requests, notifications, responses and error codes.

/// The id of a request: a number or a string.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case string(String)

    init?(_ json: JSON) {
        switch json {
        case .int(let i): self = .int(i)
        case .string(let s): self = .string(s)
        default: return nil
        }
    }

    public var json: JSON {
        switch self {
        case .int(let i): return .int(i)
        case .string(let s): return .string(s)
        }
    }

    public var description: String {
        switch self {
        case .int(let i): return String(i)
        case .string(let s): return "\"\(s)\""
        }
    }
}

/// Error codes of JSON-RPC and of the language server protocol.
public enum ErrorCode {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002
    public static let requestCancelled = -32800
    public static let contentModified = -32801
    public static let requestFailed = -32803
}

/// An error a request is answered with.
public struct ResponseError: Error, Sendable {
    public var code: Int
    public var message: String
    public init(_ code: Int, _ message: String) { self.code = code; self.message = message }

    public var json: JSON { ["code": .int(code), "message": .string(message)] }

    public static func invalidParams(_ message: String) -> ResponseError { ResponseError(ErrorCode.invalidParams, message) }
}

/// A message received, classified.
public enum IncomingMessage: Sendable {
    case request(id: RequestID, method: String, params: JSON)
    case notification(method: String, params: JSON)
    case response(id: RequestID, result: JSON, error: JSON?)
    /// Not a valid message: answered with this error (a null id when the id cannot be read).
    case invalid(id: RequestID?, error: ResponseError)

    /// Classifies a parsed body.
    public static func classify(_ json: JSON) -> IncomingMessage {
        guard case .object(let o) = json else {
            if case .array = json { return .invalid(id: nil, error: ResponseError(ErrorCode.invalidRequest, "batches are not supported")) }
            return .invalid(id: nil, error: ResponseError(ErrorCode.invalidRequest, "a message must be a JSON object"))
        }
        let rawID = o["id"] ?? .null
        let id = RequestID(rawID)
        if let method = o["method"] {
            guard case .string(let name) = method else {
                return .invalid(id: id, error: ResponseError(ErrorCode.invalidRequest, "\"method\" must be a string"))
            }
            let params = o["params"] ?? .null
            switch params {
            case .object, .array, .null: break
            default: return .invalid(id: id, error: ResponseError(ErrorCode.invalidRequest, "\"params\" must be an object or an array"))
            }
            if o["id"] == nil { return .notification(method: name, params: params) }
            guard let rid = id else {
                return .invalid(id: nil, error: ResponseError(ErrorCode.invalidRequest, "\"id\" must be a number or a string"))
            }
            return .request(id: rid, method: name, params: params)
        }
        if let rid = id, o["result"] != nil || o["error"] != nil {
            return .response(id: rid, result: o["result"] ?? .null, error: o["error"])
        }
        return .invalid(id: id, error: ResponseError(ErrorCode.invalidRequest, "neither a request, a notification nor a response"))
    }
}

/// Builders of outgoing messages.
public enum Outgoing {
    public static func response(id: RequestID?, result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id?.json ?? .null, "result": result]
    }
    public static func error(id: RequestID?, _ error: ResponseError) -> JSON {
        ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json]
    }
    public static func notification(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
    public static func request(id: RequestID, _ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id.json, "method": .string(method), "params": params]
    }
}
