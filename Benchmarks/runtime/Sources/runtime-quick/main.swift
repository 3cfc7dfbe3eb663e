import Foundation
import RuntimeSupport

// The runtime's quick benchmark, as CI runs it: every path of the full benchmarks once more,
// briefly, with figures to read but no limit to meet. It fails only when a call fails or the
// process crashes. Built in debug by CI, so its times are a debug build's, far above the
// release figures in ../RESULTS.md; they show the order of things and that every path works.
//
//   swift run runtime-quick            (from Benchmarks/runtime)

/// Times `iterations` runs of `operation`, after `warmup` unmeasured ones, and returns the
/// sorted times in microseconds.
func measure(iterations: Int, warmup: Int, _ operation: () async throws -> Void) async throws -> [Double] {
    for _ in 0..<warmup { try await operation() }
    var times: [Double] = []
    times.reserveCapacity(iterations)
    let clock = ContinuousClock()
    for _ in 0..<iterations {
        let elapsed = try await clock.measure { try await operation() }
        times.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
    }
    return times.sorted()
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(Int((Double(sorted.count) * p).rounded(.down)), sorted.count - 1)]
}

let start = ContinuousClock.now
print("runtime quick benchmark (time per iteration: one call, or a batch of 64 at concurrency 64)")

let chain = try await measure(iterations: 2_000, warmup: 200) { keep(try await Clients.stubbed.getItem(id: 7)) }
print("chain on the stub transport, GET one item: p50 \(figure(percentile(chain, 0.5))), p99 \(figure(percentile(chain, 0.99)))")

for transport in TransportKind.allCases {
    for call in Call.allCases {
        for concurrency in [1, 64] {
            let iterations = concurrency == 1 ? (call == .list ? 40 : 200) : (call == .list ? 3 : 10)
            let client = Clients.generated(transport)
            let generated = try await measure(iterations: iterations, warmup: 2) {
                try await batch(concurrency) { try await call.send(through: client) }
            }
            let raw = try await measure(iterations: iterations, warmup: 2) {
                try await batch(concurrency) { try await call.sendRaw(through: transport) }
            }
            let overhead = (percentile(generated, 0.5) / percentile(raw, 0.5) - 1) * 100
            print("\(transport.rawValue), \(call.rawValue), concurrency \(concurrency): "
                + "client p50 \(figure(percentile(generated, 0.5))) p99 \(figure(percentile(generated, 0.99))), "
                + "raw p50 \(figure(percentile(raw, 0.5))) p99 \(figure(percentile(raw, 0.99))), "
                + String(format: "overhead %+.0f%%", overhead))
        }
    }
}
print("done in \(start.duration(to: .now))")
