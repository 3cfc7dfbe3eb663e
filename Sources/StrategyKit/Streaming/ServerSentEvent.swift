import Foundation

/// One event of a `text/event-stream` body, as the HTML standard's parsing rules give it.
public struct ServerSentEvent: Hashable, Sendable {
    /// The `event` field: the event's type; `nil` for the default, `message`.
    public var event: String?
    /// The `data` fields, joined with line feeds.
    public var data: String
    /// The last `id` field the stream sent, on this event or an earlier one.
    public var id: String?
    /// The `retry` field: the reconnection time the server asks for, in milliseconds.
    public var retry: Int?

    /// An event of `data`, with an optional type, id and retry time.
    public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// The event's data decoded from JSON as `type`.
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(T.self, from: Data(data.utf8))
    }

    /// The event as a server writes it, ending with the empty line: for stubs and tests.
    public var text: String {
        var text = ""
        if let event { text += "event: \(event)\n" }
        if let id { text += "id: \(id)\n" }
        if let retry { text += "retry: \(retry)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        return text + "\n"
    }
}

/// Splits a streamed body into its records as the bytes come: server-sent events, JSON Lines
/// values or JSON Sequence texts. Holds only the part of a record not yet ended.
struct RecordFramer {
    enum Framing: Sendable {
        case serverSentEvents
        case jsonLines
        case jsonSequence
    }

    enum Record {
        case event(ServerSentEvent)
        case value(Data)
    }

    let framing: Framing
    private var pending: [UInt8] = []
    private var skipsLineFeed = false
    private var isFirstLine = true
    // The event being read.
    private var eventType: String?
    private var data: [UInt8] = []
    private var hasData = false
    private var lastID: String?
    private var retry: Int?

    init(_ framing: Framing) {
        self.framing = framing
    }

    /// The records `chunk` ends, in order.
    mutating func push(_ chunk: Data, into records: inout [Record]) {
        switch framing {
        case .serverSentEvents: pushLines(chunk, into: &records)
        case .jsonLines: pushLines(chunk, into: &records)
        case .jsonSequence: pushSequence(chunk, into: &records)
        }
    }

    /// The last record when the body ends: a JSON Lines value or JSON Sequence text without its
    /// final separator. An event without its empty line is dropped, as the standard says.
    mutating func finish(into records: inout [Record]) {
        switch framing {
        case .serverSentEvents:
            break
        case .jsonLines:
            if !pending.isEmpty { line(pending[...], into: &records) }
        case .jsonSequence:
            if let text = trimmed(pending[...]) { records.append(.value(Data(text))) }
        }
        pending = []
    }

    private mutating func pushLines(_ chunk: Data, into records: inout [Record]) {
        chunk.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            var index = 0
            if skipsLineFeed, bytes.first == UInt8(ascii: "\n") {
                start = 1
                index = 1
            }
            skipsLineFeed = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    let piece = bytes[start..<index]
                    if pending.isEmpty {
                        line(ArraySlice(piece), into: &records)
                    } else {
                        pending.append(contentsOf: piece)
                        line(pending[...], into: &records)
                        pending.removeAll(keepingCapacity: true)
                    }
                    if byte == UInt8(ascii: "\r") {
                        if index + 1 < bytes.count {
                            if bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                        } else {
                            skipsLineFeed = true
                        }
                    }
                    start = index + 1
                }
                index += 1
            }
            if start < bytes.count { pending.append(contentsOf: bytes[start...]) }
        }
    }

    private mutating func line(_ line: ArraySlice<UInt8>, into records: inout [Record]) {
        var line = line
        if isFirstLine {
            isFirstLine = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        }
        switch framing {
        case .jsonLines:
            if let text = trimmed(line) { records.append(.value(Data(text))) }
        case .serverSentEvents:
            eventLine(line, into: &records)
        case .jsonSequence:
            break
        }
    }

    private mutating func eventLine(_ line: ArraySlice<UInt8>, into records: inout [Record]) {
        guard !line.isEmpty else {
            if hasData {
                records.append(.event(ServerSentEvent(event: eventType, data: String(decoding: data, as: UTF8.self), id: lastID, retry: retry)))
            }
            eventType = nil
            data.removeAll(keepingCapacity: true)
            hasData = false
            retry = nil
            return
        }
        if line.first == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = line[..<(colon ?? line.endIndex)]
        var value = colon.map { line[line.index(after: $0)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch String(decoding: name, as: UTF8.self) {
        case "data":
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "id":
            if !value.contains(0) { lastID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                retry = Int(String(decoding: value, as: UTF8.self))
            }
        default:
            break
        }
    }

    private mutating func pushSequence(_ chunk: Data, into records: inout [Record]) {
        for byte in chunk {
            if byte == 0x1E {
                if let text = trimmed(pending[...]) { records.append(.value(Data(text))) }
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
            }
        }
    }

    /// `bytes` without the white space around it; `nil` when nothing is left.
    private func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return nil
        }
        return bytes[first...last]
    }
}
