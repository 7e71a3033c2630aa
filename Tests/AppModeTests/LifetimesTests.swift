import Syringe
import SyringeTesting
import Testing

// The Lifetimes and Scopes articles as app code: disposal hooks, shutdown, a request scope with
// `withScope`, a custom scope disposed at logout, declared dependencies with `Lazy` and `Provider`.

final class Database {
    var isOpen = true
    init() {}
    func close() { isOpen = false }
}
final class UnitOfWork {
    let database: Database
    var rolledBack = false
    init(database: Database) { self.database = database }
    func rollbackIfOpen() async { rolledBack = true }
}
final class Cart {
    init() {}
}
/// Not `Sendable` in this module: a protocol is not main-actor isolated, so its existential is not.
protocol Screen: AnyObject {}
final class HomeScreen: Screen {}
extension Scope {
    static let request = Scope("request")
    static let session = Scope("session")
}

final class Checkout {
    let cart: Lazy<Cart>
    let work: Provider<UnitOfWork>
    init(cart: Lazy<Cart>, work: Provider<UnitOfWork>) {
        self.cart = cart
        self.work = work
    }
}

@Suite struct AppModeLifetimesTests {
    @Test func disposalHooksRunAtShutdown() async throws {
        let container = Container()
        container.register(Database.self, scope: .singleton) { Database() }
            .onDispose { db in db.close() }
        let database = try container.resolve(Database.self)
        try await container.shutdown()
        #expect(database.isOpen == false)
    }

    @Test func aRequestScopeDisposesOfItsInstances() async throws {
        let container = Container()
        container.register(Database.self, scope: .singleton) { Database() }
        container.register(UnitOfWork.self, scope: .request) { r in UnitOfWork(database: try r.resolve()) }
            .onDispose { work async in await work.rollbackIfOpen() }
        let work = try await container.withScope(.request) {
            let work = try container.resolve(UnitOfWork.self)
            #expect(try container.resolve(UnitOfWork.self) === work)
            return work
        }  // the UnitOfWork is disposed of here
        #expect(work.rolledBack)
    }

    @Test func anExplicitScopeIsResolvedThroughAndClosed() async throws {
        let container = Container()
        container.register(Database.self, scope: .singleton) { Database() }
        container.register(UnitOfWork.self, scope: .request) { r in UnitOfWork(database: try r.resolve()) }
            .onDispose { work async in await work.rollbackIfOpen() }
        let scope = container.openScope(.request)
        let work = try scope.resolve(UnitOfWork.self)
        #expect(try await scope.resolveAsync(UnitOfWork.self) === work)
        let bound = try await scope.withCurrent { try container.resolve(UnitOfWork.self) }
        #expect(bound === work)
        try await scope.close()  // the UnitOfWork is disposed of here
        #expect(work.rolledBack)

        let other = container.openScope(.request)
        #expect(try other.resolve(UnitOfWork.self) !== work)
        try other.closeNow()  // its async hook runs in a task of its own
    }

    @Test func anExplicitScopeHandsAValueThatIsNotSendableToMainActorCode() async throws {
        let container = Container()
        container.register((any Screen).self, scope: .request) { HomeScreen() }
        let scope = container.openScope(.request)
        let screen: any Screen = try await scope.resolveAsync()  // `any Screen` is not Sendable here
        #expect(try scope.resolve((any Screen).self) === screen)
        try await scope.close()
    }

    @Test func aCustomScopeIsDisposedOfAtLogout() async throws {
        let container = Container()
        container.register(Cart.self, scope: .session) { Cart() }
        let before = try container.resolve(Cart.self)
        try await container.dispose(.session)  // at logout: the next one is new
        #expect(try container.resolve(Cart.self) !== before)
    }

    @Test func lazyAndProviderParameters() throws {
        let container = Container()
        container.register(Database.self, scope: .singleton) { Database() }
        container.register(Cart.self, scope: .singleton, using: Cart.init)
        container.register(UnitOfWork.self, using: UnitOfWork.init)
        container.register(Checkout.self, using: Checkout.init)
        try container.verify()
        let checkout = try container.resolve(Checkout.self)
        #expect(try checkout.work() !== checkout.work())
        #expect(try checkout.cart.value === container.resolve(Cart.self))
    }
}
