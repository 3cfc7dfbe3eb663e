import AsyncHTTPClient
import Benchmark
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOFoundationCompat
import RuntimeSupport
import StrategyKit
import StrategyKitAsyncHTTPClient

// Each benchmark's iteration is one request, or at concurrency 64 a batch of 64 requests sent
// at once; requests per second are `concurrency / time per iteration`.
//
// RUNTIME_BENCHMARK_QUICK=1 runs each benchmark briefly, as CI does: it shows that every path
// works and gives rough figures; the figures in RESULTS.md come from a full run.

let benchmarks: @Sendable () -> Void = {
    let quick = ProcessInfo.processInfo.environment["RUNTIME_BENCHMARK_QUICK"] != nil
    // RUNTIME_BENCHMARK_SECONDS runs each benchmark longer, e.g. to attach a profiler.
    let seconds = ProcessInfo.processInfo.environment["RUNTIME_BENCHMARK_SECONDS"].flatMap(Int.init)
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: quick ? 3 : 50,
        maxDuration: seconds.map { .seconds($0) } ?? (quick ? .milliseconds(300) : .seconds(4)),
        maxIterations: quick ? 200 : 1_000_000
    )

    // The whole chain on the stub transport: retry and authentication middlewares, the
    // success check and decoding, with no network.
    Benchmark("chain on the stub transport, GET one item") { benchmark in
        let client = Clients.stubbed
        for _ in benchmark.scaledIterations {
            blackHole(try await client.getItem(id: 7))
        }
    }

    // The same, 1,000 calls per sample, figures per call: the steady cost of a call, without
    // the harness's start of each sample (a task on a woken thread, its caches cold).
    Benchmark(
        "chain on the stub transport, GET one item, 1,000 calls per sample",
        configuration: .init(scalingFactor: .kilo, maxIterations: quick ? 20 : 1_000_000)
    ) { benchmark in
        let client = Clients.stubbed
        for _ in benchmark.scaledIterations {
            blackHole(try await client.getItem(id: 7))
        }
    }

    for transport in TransportKind.allCases {
        for call in Call.allCases {
            for concurrency in [1, 64] {
                let label = "\(transport.rawValue), \(call.rawValue), concurrency \(concurrency)"
                Benchmark("\(label), generated client") { benchmark in
                    let client = Clients.generated(transport)
                    for _ in benchmark.scaledIterations {
                        try await batch(concurrency) { try await call.send(through: client) }
                    }
                }
                Benchmark("\(label), raw transport") { benchmark in
                    for _ in benchmark.scaledIterations {
                        try await batch(concurrency) { try await call.sendRaw(through: transport) }
                    }
                }
            }
        }
    }
}

