#!/usr/bin/env bash
# A consumer's build, each side through its own build plugin: a fresh package whose one target
# holds DOCUMENT, built clean (plugin tool, runtime and their dependencies included), rebuilt
# with nothing changed twice (the first rebuild after a clean build relinks the plugin's tool on
# both sides, a SwiftPM behaviour; the second is the no-op), and rebuilt after one schema of
# the document gains a property. Prints wall seconds, CPU seconds and peak memory of each build
# (Benchmarks/measure.py).
#
#   Benchmarks/consumer.sh DOCUMENT [PEER]
#
# PEER 0 leaves swift-openapi-generator out. Packages resolve from the usual package mirror.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bench="$here/Benchmarks"
document=$1 peer=${2:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The document, and the same with one property more, both written the same way.
python3 - "$document" "$work/before.yaml" "$work/after.yaml" <<'PY'
import sys, yaml
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
doc = yaml.load(open(sys.argv[1]), Loader=Loader)
dump = lambda d, path: yaml.dump(d, open(path, "w"), Dumper=Dumper, sort_keys=False, allow_unicode=True, width=100)
dump(doc, sys.argv[2])
# A property more in the first schema with properties: a change to the generated code, as a
# schema no operation uses would not be (strategy-gen generates only what the operations use).
schemas = doc.setdefault("components", {}).setdefault("schemas", {})
changed = next(schema for schema in schemas.values() if isinstance(schema, dict) and schema.get("properties"))
changed["properties"]["benchmark_note"] = {"type": "string"}
dump(doc, sys.argv[3])
PY

ours() {
    mkdir -p "$work/ours/Sources/API"
    cat > "$work/ours/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "Consumer",
    dependencies: [.package(name: "StrategyKit", path: "$here")],
    targets: [
        .target(
            name: "API",
            dependencies: [.product(name: "StrategyKit", package: "StrategyKit")],
            plugins: [.plugin(name: "StrategyGenPlugin", package: "StrategyKit")]
        ),
    ]
)
EOF
    cp "$work/before.yaml" "$work/ours/Sources/API/api.yaml"
    echo "// The target's own code; the client is generated beside it." > "$work/ours/Sources/API/API.swift"
    echo "$work/ours/Sources/API/api.yaml"
}

theirs() {
    mkdir -p "$work/theirs/Sources/API"
    cat > "$work/theirs/Package.swift" <<'EOF'
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "Consumer",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
    ],
    targets: [
        .target(
            name: "API",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
    ]
)
EOF
    printf 'generate:\n  - types\n  - client\naccessModifier: public\n' > "$work/theirs/Sources/API/openapi-generator-config.yaml"
    cp "$work/before.yaml" "$work/theirs/Sources/API/openapi.yaml"
    echo "// The target's own code; the client is generated beside it." > "$work/theirs/Sources/API/API.swift"
    echo "$work/theirs/Sources/API/openapi.yaml"
}

sides=(ours)
[ "$peer" = 1 ] && sides+=(theirs)
echo "== a consumer's package with $(basename "$document") through the build plugin (debug builds)"
for side in "${sides[@]}"; do
    spec=$("$side")
    package="$work/$side"
    (cd "$package" && swift package resolve > "$work/$side.log" 2>&1) || { cat "$work/$side.log"; exit 1; }
    build() { python3 "$bench/measure.py" -o "$work/$side-$1.log" -C "$package" swift build || { cat "$work/$side-$1.log"; exit 1; }; }
    clean=$(build clean)
    # A target whose code wasn't built would make every figure meaningless.
    grep -q "Compiling API" "$work/$side-clean.log" || { cat "$work/$side-clean.log"; echo "error: the generated client wasn't compiled" >&2; exit 1; }
    # The first build after a clean one rebuilds the plugin's tool whatever the plugin does:
    # SwiftPM builds the tool twice, for the plugin and for the build, into the same files, so
    # each sees the other's output as changed once. The no-op is the build after that.
    first=$(build first)
    noop=$(build noop)
    grep -q "Generating\|Compiling API\|Linking" "$work/$side-noop.log" && echo "  ($side: the no-op rebuild ran: $(grep -c "Generating\|Compiling API\|Linking" "$work/$side-noop.log") steps)"
    cp "$work/after.yaml" "$spec"
    changed=$(build changed)
    show() { echo "$1" | awk '{ printf "%s s (%s CPU s), %s MB", $1, $2, $3 }'; }
    echo "  $side: clean $(show "$clean"); first rebuild $(show "$first"); no-op $(show "$noop"); after the document changes $(show "$changed")"
done
