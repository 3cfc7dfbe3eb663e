import Foundation
import RuntimeSupport

// The generated client against the raw transport call, measured in pairs.
//
// The full benchmarks time the client for a few seconds, then the raw call: whatever else the
// machine does moves one side and not the other, and a row's overhead moves by more than the 5%
// it is meant to show. Here each round times four blocks of iterations, client, raw, raw,
// client (raw first in every other round), and keeps the ratio of the client's two blocks'
// median times to the raw call's, as a geometric mean. A drift slower than a round, and any
// cost of a block's place in the round, fall on both sides alike. The row's figure is the median
// of its rounds' ratios, with a 95% confidence interval for that median (from the order of the
// ratios, assuming nothing of their distribution). `--only client` makes both sides the client,
// so the figure must come out at 0% with 0 inside its interval: a check of the method.
//
//   swift run -c release runtime-paired [--rounds N] [--processes P] [--filter TEXT] [--only client|raw]
//                                       [--raw-client shared|per-loop|task-shared|task-per-loop]
//
// from Benchmarks/runtime. An iteration is one call, or a batch of 64 at concurrency 64.
//
// Within one process the interval is narrow, yet two processes can disagree by more than it:
// each opens its own connections, its threads land where they land, and a row of 64 calls at
// once goes as fast as that layout lets it. `--processes P` runs each row in P processes of its
// own, one after the other, and prints the median of their overheads and their range.
// `--only` times one side in all of a round's blocks, for a profiler to see that side alone.
// `--raw-client` sends the raw AsyncHTTPClient call another way: through a task with a delegate
// as the transport does (`task-`), and on one client per event loop as the transport's own
// clients are (`per-loop`), where the default is `execute(_:timeout:)` on one client.

/// Says what went wrong and how the command is used, and exits.
func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("""
        runtime-paired: error: \(message)
        usage: runtime-paired [--rounds N] [--processes P] [--filter TEXT] [--only client|raw]
                              [--raw-client shared|per-loop|task-shared|task-per-loop]

        """.utf8))
    exit(2)
}

var rounds = 41
var processes = 1
var filter: String?
var exactRow: String?
var only: String?
var reports = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--rounds":
        guard let value = arguments.next().flatMap(Int.init), value >= 6 else {
            usage("--rounds takes a number of at least 6")
        }
        rounds = value
    case "--processes":
        guard let value = arguments.next().flatMap(Int.init), value >= 1 else {
            usage("--processes takes a number of at least 1")
        }
        processes = value
    case "--filter":
        filter = arguments.next()
    case "--only":
        only = arguments.next()
        guard only == "client" || only == "raw" else { usage("--only takes client or raw") }
    case "--raw-client":
        guard let value = arguments.next().flatMap(RawArrangement.init(rawValue:)) else {
            usage("--raw-client takes " + RawArrangement.allCases.map(\.rawValue).joined(separator: ", "))
        }
        Clients.rawArrangement = value
    case "--row":
        // A process of `--processes`: the one row of this label, its figures on one line.
        exactRow = arguments.next()
        reports = true
    default:
        usage("unknown argument \(argument)")
    }
}

/// The median time in microseconds of `iterations` runs of `operation`.
func medianTime(_ iterations: Int, _ operation: @Sendable () async throws -> Void) async throws -> Double {
    let clock = ContinuousClock()
    var times: [Double] = []
    times.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let elapsed = try await clock.measure { try await operation() }
        times.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
    }
    return median(times)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2]
        : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The 1-based ranks of the sorted values that bound a 95% confidence interval for the median
/// of `count` values: the widest ranks `k` and `count + 1 - k` such that the chance of the
/// median lying outside is at most 5% by the binomial distribution of 1/2.
func confidenceRanks(_ count: Int) -> (Int, Int) {
    func logChoose(_ n: Int, _ k: Int) -> Double {
        lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
    }
    var tail = 0.0
    var k = 0
    while true {
        let next = tail + exp(logChoose(count, k) - Double(count) * log(2))
        if 2 * next > 0.05 { break }
        tail = next
        k += 1
    }
    return (max(k, 1), count + 1 - max(k, 1))
}

func percent(_ ratio: Double) -> String {
    String(format: "%+.1f%%", (ratio - 1) * 100)
}

/// One row's figures: the median times of a client's and a raw call's iteration in
/// microseconds, and the median of the rounds' ratios with the bounds of its interval.
struct Figures {
    var client: Double
    var raw: Double
    var ratio: Double
    var low: Double
    var high: Double

    var line: String {
        "client \(figure(client)), raw \(figure(raw)), overhead \(percent(ratio)) "
            + "(95% interval \(percent(low)) to \(percent(high)))"
    }
}

/// Measures one row in this process.
@MainActor func measure(_ transport: TransportKind, _ call: Call, concurrency: Int) async throws -> Figures {
    // A block takes about 20 ms at concurrency 1 and a few hundred at 64.
    let iterations = switch (call, concurrency) {
    case (.list, 64): 3
    case (.list, _): 9
    case (_, 64): 9
    default: 101
    }
    let client = Clients.generated(transport)
    var generated: @Sendable () async throws -> Void = {
        try await batch(concurrency) { try await call.send(through: client) }
    }
    var raw: @Sendable () async throws -> Void = {
        try await batch(concurrency) { try await call.sendRaw(through: transport) }
    }
    switch only {
    case "client": raw = generated
    case "raw": generated = raw
    default: break
    }
    // Warm both sides: connections open, caches filled.
    _ = try await medianTime(iterations, generated)
    _ = try await medianTime(iterations, raw)

    var ratios: [Double] = []
    var clientTimes: [Double] = []
    var rawTimes: [Double] = []
    for round in 0..<rounds {
        // client, raw, raw, client; then raw, client, client, raw: a drift that runs steadily
        // through a round, and whatever the place of a block in it costs, fall on both sides
        // alike.
        var ours: [Double] = []
        var theirs: [Double] = []
        for clientsTurn in round % 2 == 0 ? [true, false, false, true] : [false, true, true, false] {
            if clientsTurn {
                ours.append(try await medianTime(iterations, generated))
            } else {
                theirs.append(try await medianTime(iterations, raw))
            }
        }
        ratios.append((ours[0] * ours[1] / (theirs[0] * theirs[1])).squareRoot())
        clientTimes += ours
        rawTimes += theirs
    }
    ratios.sort()
    let (low, high) = confidenceRanks(rounds)
    return Figures(
        client: median(clientTimes), raw: median(rawTimes),
        ratio: median(ratios), low: ratios[low - 1], high: ratios[high - 1]
    )
}

/// Measures one row in `processes` processes of its own, one after the other.
@MainActor func measureInProcesses(_ label: String) throws -> (median: Figures, all: [Figures]) {
    var all: [Figures] = []
    for _ in 0..<processes {
        let process = Process()
        process.executableURL = Bundle.main.executableURL
        process.arguments = ["--row", label, "--rounds", String(rounds), "--raw-client", Clients.rawArrangement.rawValue]
            + (only.map { ["--only", $0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let numbers = String(decoding: data, as: UTF8.self)
            .split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard process.terminationStatus == 0, numbers.count == 5 else {
            FileHandle.standardError.write(Data("runtime-paired: error: the process of \(label) failed\n".utf8))
            exit(1)
        }
        all.append(Figures(client: numbers[0], raw: numbers[1], ratio: numbers[2], low: numbers[3], high: numbers[4]))
    }
    let median = Figures(
        client: median(all.map(\.client)), raw: median(all.map(\.raw)),
        ratio: median(all.map(\.ratio)), low: all.map(\.ratio).min()!, high: all.map(\.ratio).max()!
    )
    return (median, all)
}

let start = ContinuousClock.now
if !reports {
    print("the generated client against the raw call, in pairs: \(rounds) rounds a row"
        + (processes > 1 ? " in each of \(processes) processes" : "")
        + ", median of the rounds' ratios with its 95% confidence interval"
        + (Clients.rawArrangement == .shared ? "" : "; the raw AsyncHTTPClient call \(Clients.rawArrangement.rawValue)"))
}

for transport in TransportKind.allCases {
    for call in Call.allCases {
        for concurrency in [1, 64] {
            let label = "\(transport.rawValue), \(call.rawValue), concurrency \(concurrency)"
            if let exactRow, label != exactRow { continue }
            if let filter, !label.localizedCaseInsensitiveContains(filter) { continue }
            if reports {
                let figures = try await measure(transport, call, concurrency: concurrency)
                print(figures.client, figures.raw, figures.ratio, figures.low, figures.high)
            } else if processes > 1 {
                let (median, all) = try measureInProcesses(label)
                print("\(label): client \(figure(median.client)), raw \(figure(median.raw)), "
                    + "overhead \(percent(median.ratio)), its processes from \(percent(median.low)) to \(percent(median.high))")
                for figures in all {
                    print("    \(figures.line)")
                }
            } else {
                print("\(label): \(try await measure(transport, call, concurrency: concurrency).line)")
            }
        }
    }
}
if !reports {
    print("done in \(start.duration(to: .now))")
}
