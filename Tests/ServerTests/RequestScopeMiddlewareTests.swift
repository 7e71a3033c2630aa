#if Hummingbird
import Hummingbird
import HummingbirdTesting
import NIOCore
import Logging
import Syringe
import Testing

@testable import SyringeHummingbird

/// A request-scoped object that records its end.
final class Work: Sendable {
    let id: Int
    let events: Recorder
    init(events: Recorder) {
        self.events = events
        id = Work.count.withLock { count in
            count += 1
            return count
        }
    }

    private static let count = Protected(0)
}

final class Recorder: Sendable {
    private let recorded = Protected<[String]>([])
    func record(_ event: String) { recorded.withLock { $0.append(event) } }
    var all: [String] { recorded.withLock { $0 } }

    /// Waits (up to 5 s) until `count` events have been recorded: a scope ends just after its response is
    /// written, so a client may read the response first.
    func waitForCount(_ count: Int) async throws -> [String] {
        for _ in 0..<500 where all.count < count { try await Task.sleep(for: .milliseconds(10)) }
        return all
    }
}

struct Failure: Error {}

@Suite("RequestScopeMiddleware")
struct RequestScopeMiddlewareTests {
    func app(
        _ container: Container, end: RequestScopeEnd = .afterStreamedBodies,
        routes: (Router<BasicRequestContext>) -> Void
    ) -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: RequestScopeMiddleware(container: container, end: end))
        routes(router)
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    func container(_ events: Recorder) -> Container {
        let container = Container()
        container.register(Work.self, scope: .request) { Work(events: events) }
            .onDispose { work in work.events.record("dispose \(work.id)") }
        return container
    }

    @Test func oneInstancePerRequestSharedWithinIt() async throws {
        let events = Recorder()
        let container = container(events)
        let app = app(container) { router in
            router.get("/work") { _, _ -> String in
                let first = try container.resolve(Work.self)
                let again = try container.resolve(Work.self)
                // Child tasks of the request share its instances too.
                let fromChild = try await Task { try container.resolve(Work.self) }.value
                #expect(first === again && first === fromChild)
                return "\(first.id)"
            }
        }
        let seen = try await app.test(.live) { client in
            var seen: [String] = []
            for _ in 0..<3 {
                seen.append(
                    try await client.execute(uri: "/work", method: .get) { response in
                        #expect(response.status == .ok)
                        return String(buffer: response.body)
                    })
            }
            return seen
        }
        #expect(Set(seen).count == 3)
        #expect(Set(try await events.waitForCount(3)) == Set(seen.map { "dispose \($0)" }))
    }

    /// A stream (no length) is written to the connection while the scope waits; a small body of known length
    /// is written into memory inside the scope. Either way the work outlives the writing of the body.
    @Test(arguments: [nil, 3] as [Int?])
    func disposedAfterTheBodyHasBeenWritten(contentLength: Int?) async throws {
        let events = Recorder()
        let container = container(events)
        let app = app(container) { router in
            router.get("/stream") { _, _ -> Response in
                let work = try container.resolve(Work.self)
                // The body is written after the handler returned, and still uses the request's work.
                return Response(
                    status: .ok,
                    body: ResponseBody(contentLength: contentLength) { writer in
                        for part in ["a", "b", "c"] {
                            try await Task.sleep(for: .milliseconds(20))
                            work.events.record("write \(part)")
                            try await writer.write(ByteBuffer(string: part))
                        }
                        try await writer.finish(nil)
                    })
            }
        }
        try await app.test(.live) { client in
            try await client.execute(uri: "/stream", method: .get) { response in
                #expect(String(buffer: response.body) == "abc")
            }
        }
        let all = try await events.waitForCount(4)
        #expect(all.prefix(3) == ["write a", "write b", "write c"])
        #expect(all.count == 4 && all[3].hasPrefix("dispose"))
    }

    /// Asked to, the scope ends when the handler returns even for a streamed body: its hooks run before the body
    /// is written, and the body, written outside the request's scope, resolves the container's own instance.
    @Test(arguments: [nil, 3] as [Int?])
    func whenTheHandlerReturnsAStreamedBodyIsWrittenAfterTheScopeEnded(contentLength: Int?) async throws {
        let events = Recorder()
        let container = container(events)
        let app = app(container, end: .whenTheHandlerReturns) { router in
            router.get("/stream") { _, _ -> Response in
                let work = try container.resolve(Work.self)
                return Response(
                    status: .ok,
                    body: ResponseBody(contentLength: contentLength) { writer in
                        let later = try container.resolve(Work.self)
                        work.events.record("write \(later === work ? "same" : "other")")
                        try await writer.write(ByteBuffer(string: "abc"))
                        try await writer.finish(nil)
                    })
            }
        }
        try await app.test(.live) { client in
            try await client.execute(uri: "/stream", method: .get) { response in
                #expect(String(buffer: response.body) == "abc")
            }
        }
        let all = try await events.waitForCount(2)
        #expect(all.count == 2 && all[0].hasPrefix("dispose") && all[1] == "write other")
    }

    /// The option changes nothing for a body in memory, nor for a handler that throws: the scope ends with the
    /// handler, once, and each request has its own.
    @Test func whenTheHandlerReturnsBodiesInMemoryAndErrorsEndAsByDefault() async throws {
        let events = Recorder()
        let container = container(events)
        let app = app(container, end: .whenTheHandlerReturns) { router in
            router.get("/memory") { _, _ -> String in "\(try container.resolve(Work.self).id)" }
            router.get("/fails") { _, _ -> String in
                _ = try container.resolve(Work.self)
                throw HTTPError(.conflict)
            }
        }
        let ids = try await app.test(.live) { client in
            var ids: [String] = []
            for _ in 0..<2 {
                ids.append(try await client.execute(uri: "/memory", method: .get) { String(buffer: $0.body) })
            }
            try await client.execute(uri: "/fails", method: .get) { #expect($0.status == .conflict) }
            return ids
        }
        #expect(Set(ids).count == 2)
        let all = try await events.waitForCount(3)
        #expect(all.count == 3 && all.allSatisfy { $0.hasPrefix("dispose") })
        #expect(Set(all).count == 3)
    }

    @Test func theMiddlewareSaysWhenItsScopesEnd() {
        let container = Container()
        #expect(RequestScopeMiddleware<BasicRequestContext>(container: container).end == .afterStreamedBodies)
        let early = RequestScopeMiddleware<BasicRequestContext>(container: container, end: .whenTheHandlerReturns)
        #expect(early.end == .whenTheHandlerReturns && early.scope == .request)
    }

    /// Each of Hummingbird's bodies, told apart as the middleware tells them (the runtime's case name), and as
    /// `Mirror` tells them: in memory are a buffer and an empty body; streams are closures, whatever their length.
    @Test func eachKindOfBodyIsToldApart() {
        let bodies: [(ResponseBody, Bool)] = [
            (ResponseBody(byteBuffer: ByteBuffer(string: "in memory")), true),
            (ResponseBody(byteBuffer: ByteBuffer()), true),
            (ResponseBody(), true),
            (ResponseBody(contentLength: 4) { writer in try await writer.finish(nil) }, false),
            (ResponseBody { writer in try await writer.finish(nil) }, false),
            (ResponseBody(contentsOf: [ByteBuffer(string: "a"), ByteBuffer(string: "b")]), false),
            (ResponseBody(asyncSequence: AsyncStream<ByteBuffer> { $0.finish() }), false),
            (ResponseBody(byteBuffer: ByteBuffer(string: "mapped")).map { $0 }, false),
        ]
        for (body, inMemory) in bodies {
            #expect(BodyKind.isInMemory(body) == inMemory)
            #expect(BodyKind.isInMemoryByMirror(body) == inMemory || body.contentLength == 0)
        }
    }

    /// A body read without a `Mirror` of its own: Hummingbird's layout is the one the middleware expects. (If a
    /// version changes it, the middleware falls back to `Mirror`, still right but slower: this test says so.)
    @Test func hummingbirdsBodyIsReadWithoutAMirror() {
        #expect(SoleEnumField(learningFrom: ResponseBody()) != nil)
    }

    @Test func disposedWhenTheHandlerThrows() async throws {
        let events = Recorder()
        let container = container(events)
        let app = app(container) { router in
            router.get("/fails") { _, _ -> String in
                _ = try container.resolve(Work.self)
                throw HTTPError(.conflict)
            }
            router.get("/crashes") { _, _ -> String in
                _ = try container.resolve(Work.self)
                throw Failure()
            }
        }
        try await app.test(.live) { client in
            try await client.execute(uri: "/fails", method: .get) { #expect($0.status == .conflict) }
            try await client.execute(uri: "/crashes", method: .get) { #expect($0.status == .internalServerError) }
        }
        #expect(try await events.waitForCount(2).filter { $0.hasPrefix("dispose") }.count == 2)
    }

    /// The handler runs in the request's own task: the middleware starts none.
    @Test func theHandlerRunsInTheRequestsTask() async throws {
        let container = container(Recorder())
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: TaskRecordingMiddleware<BasicRequestContext>())
        router.add(middleware: RequestScopeMiddleware(container: container))
        router.get("/task") { _, _ -> String in
            let here = withUnsafeCurrentTask { $0?.hashValue }
            #expect(here != nil && here == RequestTask.outer)
            return "\(try container.resolve(Work.self).id)"
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await client.execute(uri: "/task", method: .get) { #expect($0.status == .ok) }
        }
    }

    /// A body in memory: the scope closes when the handler returns.
    @Test func aBodyInMemoryEndsTheScopeWhenTheHandlerReturns() async throws {
        let events = Recorder()
        let container = container(events)
        let app = app(container) { router in
            router.get("/memory") { _, _ -> Response in
                let work = try container.resolve(Work.self)
                return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "work \(work.id)")))
            }
        }
        try await app.test(.live) { client in
            try await client.execute(uri: "/memory", method: .get) { response in
                #expect(String(buffer: response.body).hasPrefix("work "))
            }
        }
        #expect(try await events.waitForCount(1).count == 1)
    }

    /// A streamed body is written with the request's scope bound: what it resolves is the request's.
    @Test func aStreamedBodyResolvesInTheRequestsScope() async throws {
        let events = Recorder()
        let container = container(events)
        let app = app(container) { router in
            router.get("/stream") { _, _ -> Response in
                let work = try container.resolve(Work.self)
                return Response(
                    status: .ok,
                    body: ResponseBody { writer in
                        let again = try container.resolve(Work.self)
                        try await writer.write(ByteBuffer(string: again === work ? "same" : "other"))
                        try await writer.finish(nil)
                    })
            }
        }
        try await app.test(.live) { client in
            try await client.execute(uri: "/stream", method: .get) { #expect(String(buffer: $0.body) == "same") }
        }
        #expect(try await events.waitForCount(1).count == 1)
    }

    /// A streamed body whose writing fails (as when the connection drops): the scope still closes.
    @Test func aStreamThatFailsStillEndsTheScope() async throws {
        let events = Recorder()
        let container = container(events)
        let app = app(container) { router in
            router.get("/broken") { _, _ -> Response in
                _ = try container.resolve(Work.self)
                return Response(
                    status: .ok,
                    body: ResponseBody { writer in
                        try await writer.write(ByteBuffer(string: "a"))
                        throw Failure()
                    })
            }
        }
        try await app.test(.live) { client in
            _ = try? await client.execute(uri: "/broken", method: .get) { _ in }
        }
        #expect(try await events.waitForCount(1).filter { $0.hasPrefix("dispose") }.count == 1)
    }

    /// A streamed response that the server drops unwritten (a closed connection): its scope closes when the body
    /// is released.
    @Test func aStreamDroppedUnwrittenEndsTheScope() async throws {
        let events = Recorder()
        let container = container(events)
        let scope = container.openScope(.request)
        let work = try scope.resolve(Work.self)
        var end: RequestEnd? = RequestEnd(scope, logger: Logger(label: "test"))
        #expect(end != nil && events.all.isEmpty)
        end = nil
        #expect(events.all == ["dispose \(work.id)"])
        #expect(scope.isClosed)
    }

    @Test func factoriesSeeTheCurrentRequest() async throws {
        let container = Container()
        container.register(String.self, name: "request", scope: .request) { r in
            let current = try r.currentRequest()
            return "\(current.request.uri.path) \(current.id)"
        }
        let app = app(container) { router in
            router.get("/who") { _, context -> String in
                let described = try container.resolve(String.self, name: "request")
                #expect(described == "/who \(context.id)")
                return described
            }
        }
        try await app.test(.live) { client in
            try await client.execute(uri: "/who", method: .get) { #expect($0.status == .ok) }
        }
        // Outside a request there is none, and the error says so.
        let error = #expect(throws: ResolutionError.self) { try container.resolve(String.self, name: "request") }
        #expect(error?.underlyingError is NoCurrentRequest)
    }
}
/// Records the task that handles each request, before `RequestScopeMiddleware` runs.
enum RequestTask {
    @TaskLocal static var outer: Int?
}

struct TaskRecordingMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        try await RequestTask.$outer.withValue(withUnsafeCurrentTask { $0?.hashValue }) {
            try await next(request, context)
        }
    }
}
#endif
