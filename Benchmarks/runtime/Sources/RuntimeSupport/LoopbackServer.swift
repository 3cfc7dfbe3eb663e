import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 server on a loopback port that answers every request at once, with keep-alive:
/// `GET /items/{id}` and `POST /items` with one small item, `GET /items` with a list of about
/// 100 KB.
public final class LoopbackServer: Sendable {
    public let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    public init() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let item = ByteBuffer(data: Payloads.item)
        let list = ByteBuffer(data: Payloads.list)
        channel = try ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(ItemsHandler(item: item, list: list))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .wait()
        port = channel.localAddress?.port ?? 0
        self.group = group
    }

    func stop() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }
}

private final class ItemsHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let item: ByteBuffer
    private let list: ByteBuffer
    private var head: HTTPRequestHead?

    init(item: ByteBuffer, list: ByteBuffer) {
        self.item = item
        self.list = list
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            let isList = head?.method == .GET && head?.uri.hasPrefix("/items/") == false
            let body = isList ? list : item
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: String(body.readableBytes))
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}

/// The bodies the server sends, the same bytes for the generated client and the raw call.
public enum Payloads {
    public static let item = Data(#"{"id": 7, "name": "kettle", "price": 24.5, "tags": ["kitchen", "steel"]}"#.utf8)

    /// About 100 KB: a list of items.
    public static let list: Data = {
        var items: [String] = []
        var size = 2
        var id = 0
        while size < 100_000 {
            let text = #"{"id": \#(id), "name": "item number \#(id)", "price": \#(Double(id) / 4), "tags": ["warehouse", "aisle \#(id % 40)"]}"#
            items.append(text)
            size += text.utf8.count + 1
            id += 1
        }
        return Data(("[" + items.joined(separator: ",") + "]").utf8)
    }()

    public static let newItem = Data(#"{"name": "kettle", "price": 24.5, "tags": ["kitchen", "steel"]}"#.utf8)
}
