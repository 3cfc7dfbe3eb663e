#!/usr/bin/env bash
# Builds the example consumer package (Examples/Bookshelf) through the build plugin, runs its
# executable against its server, and checks what the plugins promise a consuming package:
# no generator run when nothing changed, a changed spec regenerating only the files that depend
# on it, spec errors at their line in the build log, a clear error for a target with no spec, and
# the command plugin writing the client into the package.
#
# It works on a copy, so the example in the repository is never changed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
server_pid=
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

package="$work/Bookshelf"
api="$package/Sources/BookshelfAPI"
mkdir -p "$package"
(cd "$root/Examples/Bookshelf" && tar --exclude=.build -cf - .) | (cd "$package" && tar -xf -)
sed -i.orig "s|path: \"../..\"|path: \"$root\"|" "$package/Package.swift"
log="$work/build.log"

step() { printf '\n== %s\n' "$*"; }
fail() { echo "check-example: FAILED: $*" >&2; exit 1; }
build() { swift build --package-path "$package" >"$log" 2>&1; }
generated() { grep -o 'Generating a client from [a-z]*\.yaml' "$log" | sed 's/.* from //' | sort | tr '\n' ' ' || true; }

step "A first build generates a client from each spec"
# SwiftPM reruns a build command once more after a build that also built the command's tool, so
# the generator is built first: every later build then shows only what the specs cause.
swift build --package-path "$package" --product strategy-gen >"$log" 2>&1 || { cat "$log"; fail "strategy-gen does not build"; }
build || { cat "$log"; fail "the example does not build"; }
if grep -E "^($package|/.*/plugins/outputs/).*warning:" "$log"; then fail "the example's build has warnings (listed above)"; fi
[ "$(generated)" = "catalog.yaml common.yaml " ] || fail "expected both specs to be generated, got: $(generated)"

step "The executable talks to the example's server"
python3 "$package/server.py" >"$work/port" &
server_pid=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -n 1 "$work/port")
"$package/.build/debug/bookshelf" "http://127.0.0.1:$port/v1" | tee "$work/output"
diff -u "$root/Examples/Bookshelf/expected-output.txt" "$work/output" || fail "the example printed something else"

step "An unchanged package builds without running the generator"
build || { cat "$log"; fail "the second build failed"; }
[ -z "$(generated)" ] || fail "the generator ran again for: $(generated)"

step "A changed spec regenerates only its own files"
echo "# a change" >>"$api/catalog.yaml"
build || { cat "$log"; fail "the build after changing catalog.yaml failed"; }
[ "$(generated)" = "catalog.yaml " ] || fail "expected only catalog.yaml to be generated, got: $(generated)"

step "A change to a used spec regenerates the specs that use it"
echo "# a change" >>"$api/common.yaml"
build || { cat "$log"; fail "the build after changing common.yaml failed"; }
[ "$(generated)" = "catalog.yaml common.yaml " ] || fail "expected both specs to be generated, got: $(generated)"

step "A spec error reaches the build log at its line and column"
cp "$api/catalog.yaml" "$work/catalog.yaml"
sed -i '38s/returns: Book/returns: Bok/' "$api/catalog.yaml"
if build; then fail "a broken spec built"; fi
grep -F "$api/catalog.yaml:38:14: error: unknown type 'Bok'" "$log" || { cat "$log"; fail "the build log lacks the spec's error"; }
cp "$work/catalog.yaml" "$api/catalog.yaml"

step "A target with the plugin but no spec says which file to add"
mkdir "$work/specs" && mv "$api"/*.yaml "$work/specs/"
if build; then fail "a target with no spec built"; fi
grep -F "target 'BookshelfAPI' uses StrategyGenPlugin but holds no spec: add an API spec such as 'api.yaml', whose top level names the API ('api: Name'), or an OpenAPI document, to $api" "$log" \
    || { cat "$log"; fail "the build log does not say which file to add"; }
mv "$work/specs"/*.yaml "$api/"

corpus="$root/../shared/corpus/openapi"
if [ -d "$corpus" ]; then
    step "Clients generated from documents written by others talk to their server"
    # The OpenAPI Initiative's petstore, Redocly's museum and Swagger's petstore 3, read from the
    # shared corpus into targets of the copy: the documents are never copied into the repository.
    # Each document gets a target of its own, as their schemas' names clash ('Error', 'Pet').
    for target in PetstoreAPI MuseumAPI PetstoreV3API; do
        mkdir -p "$package/Sources/$target"
        cp "$root/Examples/CorpusClients/Client.swift" "$package/Sources/$target/"
    done
    cp "$corpus/petstore.yaml" "$package/Sources/PetstoreAPI/"
    cp "$corpus/museum.openapi.yaml" "$package/Sources/MuseumAPI/"
    cp "$corpus/swagger-petstore-v3.openapi.yaml" "$package/Sources/PetstoreV3API/"
    mkdir -p "$package/Sources/corpus-clients"
    cp "$root/Examples/CorpusClients/main.swift" "$package/Sources/corpus-clients/"
    cat >>"$package/Package.swift" <<'MANIFEST'
let kit = Target.Dependency.product(name: "StrategyKit", package: "StrategyKit")
let generator = Target.PluginUsage.plugin(name: "StrategyGenPlugin", package: "StrategyKit")
package.targets += [
    .target(name: "PetstoreAPI", dependencies: [kit], plugins: [generator]),
    .target(name: "MuseumAPI", dependencies: [kit], plugins: [generator]),
    .target(name: "PetstoreV3API", dependencies: [kit], plugins: [generator]),
    .executableTarget(name: "corpus-clients", dependencies: ["PetstoreAPI", "MuseumAPI", "PetstoreV3API", kit]),
]
MANIFEST
    build || { cat "$log"; fail "the clients of the corpus's documents do not build"; }
    # The documents' own faults are warnings at their lines; the Swift code must have none.
    if grep -E "^($package|/.*/plugins/outputs/).*\.swift:[0-9]+:[0-9]+: warning:" "$log"; then fail "the corpus clients' code has warnings (listed above)"; fi
    python3 "$root/Examples/CorpusClients/server.py" >"$work/corpus-port" &
    corpus_pid=$!
    for _ in $(seq 50); do [ -s "$work/corpus-port" ] && break; sleep 0.1; done
    "$package/.build/debug/corpus-clients" "$(head -n 1 "$work/corpus-port")" | tee "$work/corpus-output" || true
    kill "$corpus_pid" 2>/dev/null || true
    diff -u "$root/Examples/CorpusClients/expected-output.txt" "$work/corpus-output" || fail "the corpus clients printed something else"
else
    echo "no corpus at $corpus; the corpus clients are not checked"
fi

step "The command plugin writes the client into the package, and leaves it alone when nothing changed"
swift package --package-path "$package" --allow-writing-to-package-directory generate-strategies --target BookshelfAPI
for part in Models Errors Strategies Client; do
    for spec in catalog common; do
        [ -f "$api/Generated/$spec.$part.swift" ] || fail "the command plugin did not write $spec.$part.swift"
    done
done
[ ! -e "$api/Generated/catalog.Stubs.swift" ] || fail "the command plugin wrote a part the configuration leaves out"
touch -d '2001-01-01' "$api/Generated/catalog.Models.swift"
swift package --package-path "$package" --allow-writing-to-package-directory generate-strategies --target BookshelfAPI
[ "$(date -r "$api/Generated/catalog.Models.swift" +%Y)" = 2001 ] || fail "the command plugin rewrote an unchanged file"

echo
echo "check-example: every check passed"
