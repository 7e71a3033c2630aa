import Foundation
import Syringe
import Testing

// Types that are their own InjectionKey (Value == Self). Each test has its own, so that their build counters are
// not shared by tests running in parallel.

private final class R2SelfCached: InjectionKey, Sendable {
    static let built = HostileCounter()
    let id: Int
    init(id: Int) { self.id = id }
    static var defaultValue: R2SelfCached {
        for _ in 0..<3 { sched_yield() }
        return R2SelfCached(id: built.increment())
    }
}

private final class R2SelfSingleton: InjectionKey, Sendable {
    static let built = HostileCounter()
    let id: Int
    init(id: Int) { self.id = id }
    static var scope: Scope { .singleton }
    static var defaultValue: R2SelfSingleton {
        for _ in 0..<3 { sched_yield() }
        return R2SelfSingleton(id: built.increment())
    }
}

private final class R2SelfRegistered: InjectionKey, Sendable {
    static let built = HostileCounter()
    let id: Int
    init(id: Int) { self.id = id }
    static var defaultValue: R2SelfRegistered { R2SelfRegistered(id: built.increment()) }
}

private final class R2SelfOverridden: InjectionKey, Sendable {
    static let built = HostileCounter()
    let id: Int
    init(id: Int) { self.id = id }
    static var defaultValue: R2SelfOverridden { R2SelfOverridden(id: built.increment()) }
}

/// Something a factory builds with a self-keyed dependency.
private struct R2SelfHolder<Dependency: Sendable>: Sendable { let dependency: Dependency }

@Suite("HostileRace2: a type that is its own key", .timeLimit(.minutes(2)))
struct HostileRace2SelfKeyTests {
    /// Twelve threads resolve an unregistered self-keyed type at once, by type, through the key's subscript and in a
    /// factory, in a fresh container per round: one instance per container (the key's scope), the same for all.
    @Test(arguments: ["cached", "singleton"])
    func resolvedByTypeFromManyThreadsAtOnce(scope: String) async throws {
        let rounds = 40
        let mismatches = HostileBox<[String]>([])
        let before = scope == "cached" ? R2SelfCached.built.count : R2SelfSingleton.built.count
        for round in 0..<rounds {
            let container = Container()
            container.register(R2SelfHolder<R2SelfCached>.self) { r in R2SelfHolder(dependency: try r.resolve()) }
            container.register(R2SelfHolder<R2SelfSingleton>.self) { r in
                R2SelfHolder(dependency: try r.resolve())
            }
            let ids = HostileBox<Set<Int>>([])
            let finished = await r2OnThreads(12) { worker in
                do {
                    let id: Int
                    switch (worker, scope) {
                    case (let w, "cached") where w % 3 == 0: id = try container.resolve(R2SelfCached.self).id
                    case (let w, "cached") where w % 3 == 1: id = container[R2SelfCached.self].id
                    case (_, "cached"): id = try container.resolve(R2SelfHolder<R2SelfCached>.self).dependency.id
                    case (let w, _) where w % 3 == 0: id = try container.resolve(R2SelfSingleton.self).id
                    case (let w, _) where w % 3 == 1: id = container[R2SelfSingleton.self].id
                    default: id = try container.resolve(R2SelfHolder<R2SelfSingleton>.self).dependency.id
                    }
                    ids.withLock { _ = $0.insert(id) }
                } catch {
                    mismatches.withLock { $0.append("round \(round): \(error)") }
                }
            }
            #expect(finished)
            if ids.current.count != 1 { mismatches.withLock { $0.append("round \(round): \(ids.current.sorted())") } }
        }
        let built = (scope == "cached" ? R2SelfCached.built.count : R2SelfSingleton.built.count) - before
        #expect(mismatches.current.isEmpty, "\(mismatches.current.prefix(5))")
        #expect(built == rounds, "built \(built) defaults for \(rounds) containers")
    }

    /// A registration of the type made while threads resolve it: once `register` returned, every resolve that
    /// starts gets the registered instance, and a thread that saw it never sees the default again.
    @Test func registeredWhileThreadsResolveIt() async throws {
        let problems = HostileBox<[String]>([])
        for round in 0..<40 {
            let container = Container()
            let registered = HostileBox(false)
            let finished = await r2OnThreads(6) { worker in
                if worker == 0 {
                    for _ in 0..<(round % 5) * 20 { sched_yield() }
                    container.register(R2SelfRegistered.self, scope: .singleton) { R2SelfRegistered(id: -1) }
                    registered.withLock { $0 = true }
                    do {
                        let id = try container.resolve(R2SelfRegistered.self).id
                        if id != -1 { problems.withLock { $0.append("round \(round): after register, got \(id)") } }
                    } catch {
                        problems.withLock { $0.append("round \(round): \(error)") }
                    }
                    return
                }
                var sawRegistered = false
                for _ in 0..<200 {
                    let mustBeRegistered = registered.current
                    do {
                        let id = try container.resolve(R2SelfRegistered.self).id
                        if (mustBeRegistered || sawRegistered) && id != -1 {
                            problems.withLock { $0.append("round \(round): the default \(id) after the registration") }
                            return
                        }
                        sawRegistered = sawRegistered || id == -1
                    } catch {
                        problems.withLock { $0.append("round \(round): \(error)") }
                        return
                    }
                }
            }
            #expect(finished)
        }
        #expect(problems.current.isEmpty, "\(problems.current.prefix(5))")
    }

    /// `container[Type.self] = …` while threads resolve the type: after the assignment returned, a resolve in the
    /// writing thread gets what it assigned (only it assigns), and every resolve gets a whole instance.
    @Test func overriddenWhileThreadsResolveIt() async throws {
        let problems = HostileBox<[String]>([])
        let container = Container()
        let finished = await r2OnThreads(5) { worker in
            for step in 1...400 {
                if worker == 0 {
                    container[R2SelfOverridden.self] = R2SelfOverridden(id: 100_000 + step)
                    let id = (try? container.resolve(R2SelfOverridden.self).id) ?? -1
                    if id != 100_000 + step {
                        problems.withLock { $0.append("assigned \(100_000 + step), read \(id)") }
                    }
                    if step % 50 == 0 { container.resetAll(includingOverrides: true) }
                } else {
                    do {
                        let id = try container.resolve(R2SelfOverridden.self).id
                        if id <= 0 { problems.withLock { $0.append("read \(id)") } }
                    } catch {
                        problems.withLock { $0.append("\(error)") }
                    }
                }
            }
        }
        #expect(finished)
        #expect(problems.current.isEmpty, "\(problems.current.prefix(5))")
    }
}

private let r2SelfRequestDeaths = HostileCounter()

/// A self-keyed type kept per request.
private final class R2SelfRequest: InjectionKey, Sendable {
    static let built = HostileCounter()
    let id: Int
    init(id: Int) { self.id = id }
    deinit { r2SelfRequestDeaths.increment() }
    static var scope: Scope { .race2Request }
    static var defaultValue: R2SelfRequest {
        sched_yield()
        return R2SelfRequest(id: built.increment())
    }
}

@Suite("HostileRace2: a self-keyed type of a request scope", .timeLimit(.minutes(1)))
struct HostileRace2SelfKeyScopeTests {
    /// 100 concurrent `withScope` calls resolve an unregistered self-keyed type of the request scope from child
    /// tasks: one instance per call, shared by its child tasks, never by two calls, all released after.
    @Test func oneInstancePerRequest() async throws {
        let before = R2SelfRequest.built.count
        let container = Container()
        let perCall = try await withThrowingTaskGroup(of: Set<Int>.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    try await container.withScope(.race2Request) {
                        try await withThrowingTaskGroup(of: Int.self) { children in
                            for child in 0..<3 {
                                children.addTask {
                                    child == 0
                                        ? try container.resolve(R2SelfRequest.self).id
                                        : container[R2SelfRequest.self].id
                                }
                            }
                            var ids: Set<Int> = []
                            for try await id in children { ids.insert(id) }
                            return ids
                        }
                    }
                }
            }
            var all: [Set<Int>] = []
            for try await ids in group { all.append(ids) }
            return all
        }
        #expect(perCall.allSatisfy { $0.count == 1 }, "\(perCall.filter { $0.count != 1 }.prefix(3))")
        let ids = perCall.compactMap(\.first)
        #expect(Set(ids).count == 100, "two requests shared an instance")
        #expect(R2SelfRequest.built.count - before == 100)
        #expect(
            r2SelfRequestDeaths.count == R2SelfRequest.built.count,
            "built \(R2SelfRequest.built.count), released \(r2SelfRequestDeaths.count)")
    }
}
