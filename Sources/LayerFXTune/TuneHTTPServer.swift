import CMicroHTTPD
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An HTTP/1.1 server on GNU libmicrohttpd, one thread per connection.
///
/// Each request's body is collected whole (at most ``maxBodyBytes``), then handed to a Swift
/// handler as a ``TuneRequest``. libmicrohttpd parses everything HTTP; this type only moves
/// bytes.
final class TuneHTTPServer: @unchecked Sendable {
  /// Answers a request; called on the connection's own thread, so it may block.
  typealias Handler = @Sendable (TuneRequest) -> TuneResponse

  /// The largest request body accepted: a config document's limit
  /// (`LayerFXComposition.ConfigFile.maxByteCount`) and room for the request around it.
  static let maxBodyBytes = 16 << 20 + 4096

  /// The handler.
  fileprivate let handler: Handler
  /// The running daemon; `nil` once stopped.
  private var daemon: OpaquePointer?
  /// The port bound (the system's choice for port 0).
  private(set) var port: UInt16 = 0

  /// Starts serving on `address`, port `port` (0: any free port).
  ///
  /// - Parameters:
  ///   - address: A numeric IPv4 or IPv6 address (`127.0.0.1`, `::1`).
  ///   - port: The port, 0 for any free one.
  ///   - handler: Answers each request.
  /// - Throws: ``TuneServerError`` when the address is not numeric or cannot be bound.
  init(address: String, port: UInt16, handler: @escaping Handler) throws(TuneServerError) {
    self.handler = handler
    let context = Unmanaged.passUnretained(self).toOpaque()
    var v4 = sockaddr_in()
    var v6 = sockaddr_in6()
    if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = port.bigEndian
      daemon = withUnsafePointer(to: &v4) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          cmhd_start($0, accessHandler, completedHandler, context)
        }
      }
    } else if inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = port.bigEndian
      daemon = withUnsafePointer(to: &v6) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          cmhd_start($0, accessHandler, completedHandler, context)
        }
      }
    } else {
      throw .invalidAddress(address)
    }
    guard let daemon else { throw .cannotBind(address: address, port: Int(port)) }
    self.port = cmhd_bound_port(daemon)
  }

  /// Stops listening and waits for the connections' threads to end.
  func stop() {
    if let daemon { MHD_stop_daemon(daemon) }
    daemon = nil
  }

  deinit { stop() }

  /// Sends `response` on `connection`.
  fileprivate static func queue(_ response: TuneResponse, on connection: OpaquePointer)
    -> MHD_Result
  {
    let made: OpaquePointer?
    if let stream = response.stream {
      let box = Unmanaged.passRetained(StreamBox(stream)).toOpaque()
      made = MHD_create_response_from_callback(UInt64.max, 4096, streamReader, box, streamFree)
    } else {
      made = response.body.withUnsafeBytes {
        MHD_create_response_from_buffer(
          $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
      }
    }
    guard let made else { return .NO }
    for header in response.headers { MHD_add_response_header(made, header.name, header.value) }
    let result = MHD_queue_response(connection, UInt32(response.status), made)
    MHD_destroy_response(made)
    return result
  }
}

/// What a connection collects between libmicrohttpd's calls for one request: its body.
private final class RequestBody {
  var data = Data()
  var isTooLarge = false
}

/// A stream's producer and the bytes of its chunk not yet sent.
private final class StreamBox {
  let next: @Sendable () -> [UInt8]?
  var pending: [UInt8] = []
  init(_ next: @escaping @Sendable () -> [UInt8]?) { self.next = next }
}

/// A request's value of `kind` (`.HEADER_KIND`, …) named `key`.
private func value(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ key: String) -> String? {
  MHD_lookup_connection_value(connection, kind, key).map { String(cString: $0) }
}

/// libmicrohttpd's request callback: called first with no state (the headers are in), then
/// with each piece of the body, then once more with none left, when the response is queued.
private let accessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, _, upload, uploadSize, state in
  guard let context, let connection, let state, let uploadSize else { return .NO }
  guard let stored = state.pointee else {
    state.pointee = Unmanaged.passRetained(RequestBody()).toOpaque()
    return .YES
  }
  let body = Unmanaged<RequestBody>.fromOpaque(stored).takeUnretainedValue()
  if uploadSize.pointee > 0 {
    if let upload, body.data.count + uploadSize.pointee <= TuneHTTPServer.maxBodyBytes {
      body.data.append(
        UnsafeRawPointer(upload).assumingMemoryBound(to: UInt8.self), count: uploadSize.pointee)
    } else {
      body.isTooLarge = true
    }
    uploadSize.pointee = 0
    return .YES
  }
  let server = Unmanaged<TuneHTTPServer>.fromOpaque(context).takeUnretainedValue()
  let response: TuneResponse
  if body.isTooLarge {
    response = .text(413, "request body over \(TuneHTTPServer.maxBodyBytes) bytes")
  } else {
    let request = TuneRequest(
      method: method.map { String(cString: $0) } ?? "",
      path: url.map { String(cString: $0) } ?? "/",
      host: value(connection, .HEADER_KIND, "Host"),
      queryToken: value(connection, .GET_ARGUMENT_KIND, "token"),
      cookieToken: value(connection, .COOKIE_KIND, "layerfx_token"),
      body: body.data)
    response = server.handler(request)
  }
  return TuneHTTPServer.queue(response, on: connection)
}

/// libmicrohttpd's end-of-request callback: releases the request's body.
private let completedHandler: MHD_RequestCompletedCallback = { _, _, state, _ in
  guard let state, let stored = state.pointee else { return }
  Unmanaged<RequestBody>.fromOpaque(stored).release()
  state.pointee = nil
}

/// libmicrohttpd's stream reader: copies the pending chunk, asking for the next when it is
/// empty (blocking this connection's thread); -1 (`MHD_CONTENT_READER_END_OF_STREAM`) ends it.
private let streamReader: MHD_ContentReaderCallback = { context, _, buffer, max in
  guard let context, let buffer else { return -1 }
  let box = Unmanaged<StreamBox>.fromOpaque(context).takeUnretainedValue()
  while box.pending.isEmpty {
    guard let chunk = box.next() else { return -1 }
    box.pending = chunk
  }
  let count = min(max, box.pending.count)
  box.pending.withUnsafeBufferPointer { pending in
    pending.withMemoryRebound(to: CChar.self) { bytes in
      guard let start = bytes.baseAddress else { return }
      buffer.update(from: start, count: count)
    }
  }
  box.pending.removeFirst(count)
  return count
}

/// libmicrohttpd's stream release: the stream's box goes.
private let streamFree: MHD_ContentReaderFreeCallback = { context in
  guard let context else { return }
  Unmanaged<StreamBox>.fromOpaque(context).release()
}
