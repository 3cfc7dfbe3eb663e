import Foundation
@testable import StrategyKit
import Testing

/// A channel whose transport can't stop reading (URLSession on Linux) keeps what the reader
/// hasn't taken on disk past the high-water mark, and hands it back in order.
@Suite struct ByteChannelSpillTests {
    /// 40 chunks of 32 KiB, each of its own bytes: 1.25 MiB, five times the high-water mark.
    static let chunks = (0..<40).map { index in Data((0..<(32 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index &* 13) }) }

    func read(_ channel: ByteChannel) async throws -> Data {
        var received = Data()
        while let chunk = try await channel.next() { received.append(chunk) }
        return received
    }

    @Test func bytesPastTheHighWaterMarkWaitOnDiskAndComeBackInOrder() async throws {
        let channel = ByteChannel(limit: .max, spills: true, onDemand: nil, onTerminate: nil)
        for chunk in Self.chunks { channel.yield(chunk) }
        channel.finish()

        let waiting = channel.waiting
        #expect(waiting.inMemory <= ByteChannel.spillMark)
        let file = try #require(waiting.file)
        #expect(FileManager.default.fileExists(atPath: file.path))

        #expect(try await read(channel) == Self.chunks.reduce(Data(), +))
        // Read to its end, the stream leaves no file behind.
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func bytesThatComeWhileOthersWaitOnDiskFollowThem() async throws {
        let channel = ByteChannel(limit: .max, spills: true, onDemand: nil, onTerminate: nil)
        for chunk in Self.chunks.prefix(20) { channel.yield(chunk) }
        var received = Data()
        // Half read, then the rest arrives, then all is read.
        for _ in 0..<10 { received.append(try #require(try await channel.next())) }
        for chunk in Self.chunks.suffix(20) { channel.yield(chunk) }
        channel.finish()
        received.append(try await read(channel))

        #expect(received == Self.chunks.reduce(Data(), +))
    }

    /// A reader that caught up and falls behind again sends the bytes to disk again.
    @Test func aReaderThatFallsBehindAgainSpillsAgain() async throws {
        let channel = ByteChannel(limit: .max, spills: true, onDemand: nil, onTerminate: nil)
        for chunk in Self.chunks.prefix(20) { channel.yield(chunk) }
        var received = Data()
        // Everything so far read: what was in memory and what was on disk.
        while received.count < 20 * 32 * 1024 { received.append(try #require(try await channel.next())) }
        #expect(channel.waiting.inMemory == 0)

        for chunk in Self.chunks.suffix(20) { channel.yield(chunk) }

        #expect(channel.waiting.inMemory <= ByteChannel.spillMark)
        channel.finish()
        received.append(try await read(channel))
        #expect(received == Self.chunks.reduce(Data(), +))
    }

    @Test func aStreamEndedEarlyRemovesItsFile() async throws {
        let channel = ByteChannel(limit: .max, spills: true, onDemand: nil, onTerminate: nil)
        for chunk in Self.chunks { channel.yield(chunk) }
        let file = try #require(channel.waiting.file)

        channel.terminate(.cancelled)

        #expect(!FileManager.default.fileExists(atPath: file.path))
        await #expect(throws: TransportError.self) { try await channel.next() }
    }

    @Test func theSizeLimitCountsBytesOnDiskToo() async throws {
        let channel = ByteChannel(limit: 1024 * 1024, spills: true, onDemand: nil, onTerminate: nil)
        for chunk in Self.chunks { channel.yield(chunk) }

        do {
            _ = try await read(channel)
            Issue.record("the stream should end at its size limit")
        } catch let error as TransportError {
            #expect(error.kind == .responseTooLarge)
        }
    }

    /// A transport that can pause keeps its bytes in memory and is asked to pause.
    @Test func aChannelThatDoesNotSpillAsksTheTransportToPause() {
        let channel = ByteChannel(limit: .max, onDemand: nil, onTerminate: nil)
        let answers = Self.chunks.map { channel.yield($0) }

        #expect(answers.contains(false))
        #expect(channel.waiting.inMemory == Self.chunks.count * 32 * 1024)
        #expect(channel.waiting.file == nil)
        channel.terminate(.cancelled)
    }
}
