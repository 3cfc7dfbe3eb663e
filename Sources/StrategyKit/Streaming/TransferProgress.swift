import Foundation

/// How much of an upload or a download has gone: bytes so far, and the total when known.
///
/// Reported through a callback, or as an async sequence from ``makeStream()`` that a SwiftUI
/// view can read:
///
/// ```swift
/// let (updates, report) = TransferProgress.makeStream()
/// Task { for await progress in updates { fraction = progress.fractionCompleted ?? 0 } }
/// try await client.download(GetVideo(), id, to: file, progress: report)
/// ```
public struct TransferProgress: Hashable, Sendable {
    /// Bytes sent or received so far.
    public var completed: Int64
    /// All the bytes, when known (a file's size, a `Content-Length`).
    public var total: Int64?

    /// Progress of `completed` bytes of `total`.
    public init(completed: Int64, total: Int64?) {
        self.completed = completed
        self.total = total
    }

    /// The part done, from 0 to 1, when the total is known.
    public var fractionCompleted: Double? {
        guard let total, total > 0 else { return total == 0 ? 1 : nil }
        return min(Double(completed) / Double(total), 1)
    }

    /// An async sequence of progress reports and the callback that feeds it; the sequence keeps
    /// only the newest report a slow reader hasn't taken, and ends when the callback is dropped.
    public static func makeStream() -> (updates: AsyncStream<TransferProgress>, report: @Sendable (TransferProgress) -> Void) {
        let (stream, continuation) = AsyncStream<TransferProgress>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let owner = ContinuationOwner(continuation)
        return (stream, { owner.continuation.yield($0) })
    }
}

/// Finishes a progress stream when its callback goes.
private final class ContinuationOwner: Sendable {
    let continuation: AsyncStream<TransferProgress>.Continuation

    init(_ continuation: AsyncStream<TransferProgress>.Continuation) {
        self.continuation = continuation
    }

    deinit { continuation.finish() }
}
