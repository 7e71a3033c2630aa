// What Syringe adds to a request of a Hummingbird server, measured in one process without a network: the routes
// of the example server (a unit of work with an async factory and an async `onDispose`, a request log that reads
// the current request, a repository kept for the process, and a service `using:` an async function of the three),
// served through Hummingbird's in-process test client, so that the difference is not lost in the noise of sockets
// and SQLite. Three wirings, interleaved round after round:
//
// - by hand: the objects made and ended by the route (the load test's hand-wired server);
// - by hand behind `RequestScopeMiddleware`: what the middleware costs alone (a scope opened and closed, the
//   request bound, the body's kind read);
// - Syringe: the middleware, and the route's service resolved in the request's scope;
// - the last two again with `RequestScopeMiddleware(container:end: .whenTheHandlerReturns)`, which does not read the
//   body's kind.
//
//     bash Scripts/request-cost.sh                 # 5 rounds of 20,000 requests a wiring
//     bash Scripts/request-cost.sh 3 50000 /health
//     bash Scripts/request-cost.sh engine 5 50000   # the engine alone: one task, then two at once
import Hummingbird
import HummingbirdTesting
import Syringe
import SyringeHummingbird

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: The services

struct Todo: ResponseCodable {
    var id: Int
    var title: String
    var done: Bool
}

final class Repository: Sendable {
    func all() async -> [Todo] {
        [Todo(id: 1, title: "milk", done: false), Todo(id: 2, title: "bread", done: true)]
    }
}

final class UnitOfWork: Sendable {
    let repository: Repository
    init(repository: Repository) { self.repository = repository }
    func rollbackIfOpen() async {}
}

final class RequestLog: Sendable {
    let requestID: String
    init(requestID: String) { self.requestID = requestID }
    func finish() {}
}

struct TodoService: Sendable {
    let work: UnitOfWork
    let repository: Repository
    let log: RequestLog

    static func make(work: UnitOfWork, repository: Repository, log: RequestLog) async -> TodoService {
        TodoService(work: work, repository: repository, log: log)
    }
}

/// The example server's registrations (Examples/TodoServer/Wiring.swift), without SQLite; outside a request
/// (`inRequest` false) the log takes a fixed id. Nonisolated: the top-level code of main.swift runs on the main
/// actor, whose factories would run there.
nonisolated func makeContainer(repository: Repository, inRequest: Bool = true) -> Container {
    let container = Container()
    container.register(Repository.self, scope: .singleton) { repository }
    container.register(UnitOfWork.self, scope: .request) { (repository: Repository) async in
        UnitOfWork(repository: repository)
    }
    .onDispose { work async in await work.rollbackIfOpen() }
    container.register(RequestLog.self, scope: .request) { r in
        RequestLog(requestID: inRequest ? try r.currentRequest().id : "request")
    }
    .onDispose { log in log.finish() }
    container.register(TodoService.self, scope: .request, using: TodoService.make)
    return container
}

// MARK: The wirings

protocol Wiring: Sendable {
    func withTodoService<Result>(
        _ context: BasicRequestContext, _ body: (TodoService) async throws -> Result
    ) async throws -> Result
}

struct ByHand: Wiring {
    let repository: Repository

    func withTodoService<Result>(
        _ context: BasicRequestContext, _ body: (TodoService) async throws -> Result
    ) async throws -> Result {
        let work = UnitOfWork(repository: repository)
        let log = RequestLog(requestID: context.id)
        let service = TodoService(work: work, repository: repository, log: log)
        do {
            let result = try await body(service)
            await work.rollbackIfOpen()
            log.finish()
            return result
        } catch {
            await work.rollbackIfOpen()
            log.finish()
            throw error
        }
    }
}

struct Resolved: Wiring {
    let container: Container

    func withTodoService<Result>(
        _ context: BasicRequestContext, _ body: (TodoService) async throws -> Result
    ) async throws -> Result {
        let service = try await container.resolveAsync(TodoService.self)
        // As the example server checks: everything the request resolves shares its one unit of work.
        guard try await container.resolveAsync(UnitOfWork.self) === service.work else {
            throw HTTPError(.internalServerError, message: "two units of work in one request")
        }
        return try await body(service)
    }
}

func router(
    _ wiring: some Wiring, scopedBy container: Container?, end: RequestScopeEnd = .afterStreamedBodies
) -> Router<BasicRequestContext> {
    let router = Router()
    if let container { router.add(middleware: RequestScopeMiddleware(container: container, end: end)) }
    router.get("/todos") { _, context in try await wiring.withTodoService(context) { await $0.repository.all() } }
    router.get("/health") { _, _ -> HTTPResponse.Status in .ok }
    return router
}

// MARK: Measuring

/// Wall and process CPU time per request, in nanoseconds.
struct Cost {
    var wall: Double
    var cpu: Double
}

func processCPUNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

/// Serves `requests` GETs of `path` through `router` in process, after a warm-up; the cost of one.
nonisolated func measure(_ router: Router<BasicRequestContext>, path: String, requests: Int) async throws -> Cost {
    try await Application(router: router).test(.router) { client in
        for _ in 0..<1_000 { _ = try await client.execute(uri: path, method: .get) }
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = processCPUNanoseconds()
        for _ in 0..<requests {
            let response = try await client.execute(uri: path, method: .get)
            guard response.status == .ok else { fatalError("\(path): \(response.status)") }
        }
        let cpu = processCPUNanoseconds() - cpuStart
        return Cost(wall: nanoseconds(clock.now - start) / Double(requests), cpu: cpu / Double(requests))
    }
}

/// The engine alone, no HTTP: a scope opened and bound, the service resolved, the scope closed.
nonisolated func engineOnly(_ container: Container, repository: Repository, operations: Int) async throws -> (
    syringe: Double, byHand: Double
) {
    let clock = ContinuousClock()
    var start = clock.now
    for _ in 0..<operations {
        let scope = container.openScope(.request)
        try await scope.withCurrent { _ = try await container.resolveAsync(TodoService.self) }
        try await scope.close()
    }
    let syringe = nanoseconds(clock.now - start) / Double(operations)
    start = clock.now
    for _ in 0..<operations {
        let work = UnitOfWork(repository: repository)
        let log = RequestLog(requestID: "request")
        let service = TodoService(work: work, repository: repository, log: log)
        await work.rollbackIfOpen()
        log.finish()
        withExtendedLifetime(service) {}
    }
    return (syringe, nanoseconds(clock.now - start) / Double(operations))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func format(_ nanoseconds: Double) -> String {
    let tenths = Int((nanoseconds / 100).rounded())
    return "\(tenths / 10).\(tenths % 10) µs"
}

/// The engine alone, one task at a time, then two tasks at once (each its own scopes, the same registrations),
/// then two at once with a container each: what a request pays for the memory it shares with another request
/// running beside it (the registrations, the container), apart from what two tasks cost a machine anyway.
/// Printed round by round.
nonisolated func engineAlone(rounds: Int, operations: Int) async throws {
    let repository = Repository()
    let container = makeContainer(repository: repository, inRequest: false)
    let own = [container, makeContainer(repository: Repository(), inRequest: false)]
    print("the engine alone (open, bind, resolve the service, close), \(operations) operations a round")
    /// Two tasks at once, the first on `containers[0]`, the second on `containers[1]`; the mean of their costs.
    func twoAtOnce(_ containers: [Container]) async throws -> Double {
        try await withThrowingTaskGroup(of: Double.self) { group in
            for container in containers {
                group.addTask {
                    try await engineOnly(container, repository: repository, operations: operations).syringe
                }
            }
            var each: [Double] = []
            for try await cost in group { each.append(cost) }
            return each.reduce(0, +) / Double(each.count)
        }
    }
    for round in 1...rounds {
        let one = try await engineOnly(container, repository: repository, operations: operations).syringe
        let shared = try await twoAtOnce([container, container])
        let apart = try await twoAtOnce(own)
        print(
            "round \(round): one task \(format(one)); two tasks at once, one container \(format(shared)) each, "
                + "a container each \(format(apart)) each")
    }
}

nonisolated func main() async throws {
    var arguments = CommandLine.arguments.dropFirst()
    if arguments.first == "engine" {
        arguments = arguments.dropFirst()
        try await engineAlone(
            rounds: arguments.first.flatMap { Int($0) } ?? 5,
            operations: arguments.dropFirst().first.flatMap { Int($0) } ?? 50_000)
        return
    }
    let rounds = arguments.first.flatMap { Int($0) } ?? 5
    let requests = arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000
    let path = arguments.dropFirst(2).first ?? "/todos"
    let repository = Repository()
    let container = makeContainer(repository: repository)
    let outside = makeContainer(repository: repository, inRequest: false)
    let wirings: [(name: String, router: Router<BasicRequestContext>)] = [
        ("by hand", router(ByHand(repository: repository), scopedBy: nil)),
        ("by hand + RequestScopeMiddleware", router(ByHand(repository: repository), scopedBy: container)),
        ("Syringe", router(Resolved(container: container), scopedBy: container)),
        (
            "by hand + middleware, handler end",
            router(ByHand(repository: repository), scopedBy: container, end: .whenTheHandlerReturns)
        ),
        (
            "Syringe, handler end",
            router(Resolved(container: container), scopedBy: container, end: .whenTheHandlerReturns)
        ),
    ]
    var costs = Array(repeating: [Cost](), count: wirings.count)
    var engine: [(syringe: Double, byHand: Double)] = []
    for round in 1...rounds {
        for (index, wiring) in wirings.enumerated() {
            costs[index].append(try await measure(wiring.router, path: path, requests: requests))
        }
        engine.append(try await engineOnly(outside, repository: repository, operations: requests))
        print("round \(round) of \(rounds) done")
    }
    let handCPU = median(costs[0].map(\.cpu))
    print("\nGET \(path), in process: median of \(rounds) rounds of \(requests) requests a wiring\n")
    print("wiring                             wall/request  CPU/request  CPU vs by hand")
    for (index, wiring) in wirings.enumerated() {
        let wall = median(costs[index].map(\.wall))
        let cpu = median(costs[index].map(\.cpu))
        let name = wiring.name.padding(toLength: 35, withPad: " ", startingAt: 0)
        let added = index == 0 ? "" : "+\(format(cpu - handCPU)) (\(Int((cpu / handCPU * 100).rounded()))%)"
        print(
            "\(name)\(format(wall).padding(toLength: 14, withPad: " ", startingAt: 0))"
                + "\(format(cpu).padding(toLength: 13, withPad: " ", startingAt: 0))\(added)")
    }
    print(
        "\nthe engine alone (open, bind, resolve the service, close): "
            + "\(format(median(engine.map(\.syringe)))) against \(format(median(engine.map(\.byHand)))) by hand")
}

try await main()
