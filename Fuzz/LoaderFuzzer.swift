// libFuzzer entry point: loads and validates a spec from the fuzzer's bytes, as `strategy-gen
// validate` would. Built by scripts/build-fuzzer.sh into the StrategyGenerator module itself, so
// it can call the stages directly. With STRATEGY_FUZZ_GENERATE=1 it also builds and renders the
// code of every spec that validates.

import Foundation

private let generates = ProcessInfo.processInfo.environment["STRATEGY_FUZZ_GENERATE"] == "1"

@_cdecl("LLVMFuzzerTestOneInput")
public func strategyFuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    guard let loaded = try? GeneratorPipeline.load(text: text, file: "fuzz.yaml") else { return 0 }
    for diagnostic in loaded.diagnostics { precondition(!diagnostic.description.contains("\n")) }
    let validated: ValidatedSpec
    do {
        validated = try SpecValidator.validate(loaded, config: .standard)
    } catch {
        for diagnostic in error.diagnostics { precondition(!diagnostic.description.contains("\n")) }
        return 0
    }
    if generates {
        _ = GeneratorPipeline.build(validated).map(GeneratorPipeline.render)
    }
    return 0
}
