// Empty: this target exists so that `swift build --target PeerRuntime` builds OpenAPIRuntime.
import OpenAPIRuntime
