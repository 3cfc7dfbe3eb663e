import Foundation
import Logging
import StrategyKit

extension Middleware {
    /// Logs every request and its response or error to a swift-log `Logger` at `level`, with
    /// the strategy's name as the `strategy` metadata of each entry, never printing credentials
    /// in the clear.
    ///
    /// It writes what `Middleware.logging(detail:bodyLimit:secretHeaders:secretNames:name:log:)`
    /// of StrategyKit writes, redacted alike: headers such as `Authorization` and `Cookie`,
    /// query items such as `access_token`, the same names in form and JSON bodies, and every
    /// header or query item an authenticator added are written as `<redacted>`; so are their
    /// values wherever an error's description repeats them. Names are matched by pattern as
    /// well as by list: `accessToken`, `id_token`, `X-Auth-Token`, `jwt`, `sessionToken`,
    /// `otp`, `sig`, `client-secret` and the like are all redacted.
    ///
    /// ```swift
    /// let client = StrategyClient(server: server, middlewares: [.retry(), .logging(logger: Logger(label: "api"))])
    /// ```
    ///
    /// Put it last in the chain so it sees each request as it is sent, credentials included.
    ///
    /// - Parameters:
    ///   - logger: the swift-log logger the entries go to.
    ///   - level: the level of every entry; `debug` by default.
    ///   - detail: how much of each exchange is logged; headers by default.
    ///   - bodyLimit: the most bytes of a body that are logged.
    ///   - secretHeaders: more header names to redact, besides the defaults.
    ///   - secretNames: more query item and body field names to redact, besides the defaults.
    ///   - name: the name strategies exclude it by; `logging` by default.
    public static func logging(
        logger: Logger,
        level: Logger.Level = .debug,
        detail: LogDetail = .headers,
        bodyLimit: Int = 4096,
        secretHeaders: Set<String> = [],
        secretNames: Set<String> = [],
        name: String = "logging"
    ) -> Middleware {
        logging(detail: detail, bodyLimit: bodyLimit, secretHeaders: secretHeaders, secretNames: secretNames, name: name, entry: { line, context in
            logger.log(level: level, "\(line)", metadata: ["strategy": "\(context.strategyName)"])
        })
    }
}
