/// The keys each part of a spec may hold: what the loader accepts, and what the published
/// JSON Schema must list (a test keeps the two the same).
public enum SpecKeys {
    public static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    public static let spec = ["api", "doc", "access", "uses", "servers", "defaults", "auth", "models", "errors", "strategies", "interfaces"]
    public static let server = ["url", "doc", "variables"]
    public static let serverVariable = ["default", "enum"]
    public static let defaults = ["query", "headers", "auth", "timeout", "connectTimeout", "maxResponseBytes", "retry", "dates", "arrays", "booleans"]
    public static let authScheme = ["apiKey", "bearer", "basic", "header", "doc"]
    public static let apiKey = ["in", "name"]
    public static let bearer = ["refresh", "accessToken", "refreshToken", "expiresIn"]
    public static let objectModel = ["fields", "allOf", "doc", "deprecated"]
    public static let unionModel = ["oneOf", "discriminator", "doc", "deprecated"]
    public static let enumModel = ["enum", "doc", "deprecated"]
    public static let field = ["type", "doc", "default", "nullable", "format", "swift", "deprecated", "keepSlashes", "arrays", "style", "explode"]
    /// The keys of a value a strategy always sends: `extended: { const: 1 }`.
    public static let constant = ["const", "doc"]
    public static let error = ["doc", "when", "code", "message", "cases", "status", "include"]
    /// The keys of a code case written as a mapping: `captchaNeeded: { code: 14, payload: { … } }`.
    public static let errorCase = ["code", "payload"]
    /// The keys of a status case that matches by a header: `{ case: rateLimited, header: { … } }`.
    public static let headerCase = ["case", "header"]
    public static let errorCondition = ["bodyHasKey"]
    public static let strategy = methods + [
        "doc", "path", "query", "headers", "cookies", "body", "returns", "unwrap", "errors", "success",
        "auth", "timeout", "connectTimeout", "maxResponseBytes", "retry", "skip", "example", "deprecated", "signsIn", "responseHeaders", "server", "pagination", "stream",
    ]
    public static let body = ["json", "form", "multipart", "raw"]
    public static let pagination = ["style", "parameter", "items", "next", "hasMore", "isLast", "id", "total", "totalHeader", "pagesHeader", "firstPage"]
    public static let stream = ["format", "of", "flag", "events"]
    public static let retry = ["max", "delay", "methods", "idempotencyKey"]
    public static let interface = ["doc", "strategies"]

    /// The keys of a `strategy-gen-config.yaml` file.
    public static let config = ["access", "generate", "imports", "models", "rename", "operations", "importWarnings", "pagination"]
    /// The keys of `operations` in a `strategy-gen-config.yaml` file.
    public static let configOperations = ["tags", "operationIds", "paths"]
    /// The keys of `models` in a `strategy-gen-config.yaml` file.
    public static let configModels = ["conformances"]

    /// Date formats by their spec spelling; anything else is a `DateFormatter` pattern.
    public static let dateFormats: [String: DateFormatSpec] = [
        "iso8601": .iso8601,
        "iso8601-fractional": .iso8601WithFractionalSeconds,
        "unix": .secondsSince1970,
        "unix-ms": .millisecondsSince1970,
    ]

    public static let arrayStyles = ["repeated", "commaSeparated", "brackets"]
}
