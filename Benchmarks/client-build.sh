# Sourced by the benchmark scripts that build generated code: the one way a client is built, a
# debug build of the generated files alone as SwiftPM compiles one module.
#
#   client_build MODULES FOLDER
#       sets the array client_build_command: swiftc over FOLDER's Swift files, -Onone -g
#       -enable-testing -emit-module -c -j2 -enable-batch-mode, against the modules of the
#       build folder MODULES (a runtime built beforehand), objects into the current folder.

client_build() {
    local modules=$1 folder=$2
    client_build_command=(swiftc -module-name Generated -parse-as-library -swift-version 6
        -Onone -g -enable-testing -I "$modules/Modules" -I "$modules" -emit-module -c -j2 -enable-batch-mode
        "$folder"/*.swift)
}
