import Foundation

/// One HTTP request as libmicrohttpd parsed it: what the tune server's routes read.
struct TuneRequest: Sendable {
  /// The method: `GET` or `POST` for the API.
  var method: String
  /// The path without the query (`/api/state`).
  var path: String
  /// The `Host` header, if any.
  var host: String?
  /// The query parameter `token`, if any.
  var queryToken: String?
  /// The cookie `layerfx_token`, if any.
  var cookieToken: String?
  /// The body; at most ``TuneHTTPServer/maxBodyBytes``.
  var body: Data
}
