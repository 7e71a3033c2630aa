import Foundation
import Syringe
import Testing

@Suite("FactoryParity: scopes")
struct FactoryParityScopeTests {
    /// The default scope builds a new instance on every read.
    @Test func uniqueScope() {
        let container = Container()
        #expect(container.fpMyService.id != container.fpMyService.id)
    }

    /// `.cached` keeps one instance.
    @Test func cachedScope() {
        let container = Container()
        let first = container.fpCached
        #expect(container.fpCached === first)
        #expect(container.fpCached === first)
    }

    /// A cached optional keeps its instance until the container is reset.
    @Test func optionalCachedScope() {
        let container = Container()
        let first = container.fpCachedOptional
        let second = container.fpCachedOptional
        #expect(first != nil && first?.id == second?.id)
        container.resetAll()
        let third = container.fpCachedOptional
        #expect(third != nil && third?.id != first?.id)
    }

    /// A cached optional that starts out `nil` keeps nothing; once overridden it caches the value.
    @Test func emptyOptionalCachedScope() {
        let container = Container()
        #expect(container.fpCachedEmptyOptional == nil)
        #expect(container.fpCachedEmptyOptional == nil)
        container.override(\.fpCachedEmptyOptional) { FPService() }
        let first = container.fpCachedEmptyOptional
        let second = container.fpCachedEmptyOptional
        #expect(first != nil && first?.id == second?.id)
        container.resetAll()
        let third = container.fpCachedEmptyOptional
        #expect(third != nil && third?.id != first?.id)
    }

    /// Resetting the cached scope drops cached instances.
    @Test func cachedScopeGlobalReset() {
        let container = Container()
        let first = container.fpCached
        container.reset(.cached)
        #expect(container.fpCached !== first)
    }

    /// Overriding a cached property drops the instance it kept.
    @Test func cachedScopeReleasedByOverride() {
        let container = Container()
        let first = container.fpCached
        #expect(container.fpCached === first)
        container.override(\.fpCached) { FPService() }
        let second = container.fpCached
        #expect(second !== first)
        #expect(container.fpCached === second)
    }

    /// `.shared` keeps an instance while someone else holds it, then builds a new one.
    @Test func sharedScope() {
        let container = Container()
        var first: (any FPServiceType)? = container.fpShared
        var second: (any FPServiceType)? = container.fpShared
        #expect(first != nil && first?.id == second?.id)
        let oldID = first?.id
        first = nil
        second = nil
        #expect(container.fpShared.id != oldID)
    }

    /// `.shared` works for an optional of a protocol holding a class instance.
    @Test func optionalSharedScope() {
        let container = Container()
        var first = container.fpSharedOptional
        var second = container.fpSharedOptional
        #expect(first != nil && first?.id == second?.id)
        let oldID = first?.id
        first = nil
        second = nil
        let third = container.fpSharedOptional
        #expect(third != nil && third?.id != oldID)
    }

    /// A value held in an optional is not shared: every read builds a new one.
    @Test func optionalValueIsNotShared() {
        let container = Container()
        let first = container.fpOptionalValue
        let second = container.fpOptionalValue
        #expect(first != nil && second != nil && first?.id != second?.id)
    }

    /// Resetting everything drops shared instances still held elsewhere.
    @Test func sharedScopeGlobalReset() {
        let container = Container()
        let first = container.fpShared
        #expect(container.fpShared.id == first.id)
        container.resetAll()
        #expect(container.fpShared.id != first.id)
    }

    /// Overriding a shared property drops the instance it kept, even while it is held.
    @Test func sharedScopeReleasedByOverride() {
        let container = Container()
        let first = container.fpShared
        container.override(\.fpShared) { FPService() }
        #expect(container.fpShared.id != first.id)
    }

    /// `.singleton` keeps one instance.
    @Test func singletonScope() {
        let container = Container()
        let first = container.fpSingleton
        #expect(container.fpSingleton.id == first.id)
        #expect(container.fpSingleton.id == first.id)
    }

    /// A custom scope keeps instances until it is reset.
    @Test func customCachedScope() {
        let container = Container()
        let first = container.fpSession
        #expect(container.fpSession === first)
        container.reset(.fpSession)
        #expect(container.fpSession !== first)
    }

    /// A cached value type reads the same value until the cache is reset.
    @Test func valueCachedScope() {
        let container = Container()
        let first = container.fpValueCached
        #expect(container.fpValueCached.id == first.id)
        container.reset(.cached)
        #expect(container.fpValueCached.id != first.id)
    }

    /// A value type cannot be shared: `.shared` builds a new value on every read.
    @Test func valueSharedScope() {
        let container = Container()
        #expect(container.fpSharedValue.id != container.fpSharedValue.id)
        #expect(container.fpSharedValueProtocol.id != container.fpSharedValueProtocol.id)
    }

    /// An optional property that returns `nil` can be overridden with a value.
    @Test func nilService() {
        let container = Container()
        #expect(container.fpNil == nil)
        container.override(\.fpNil) { FPService() }
        #expect(container.fpNil != nil)
    }

    /// A cached optional does not keep `nil`; it keeps a value once there is one; overriding to `nil` drops it.
    @Test func nilCachedServiceCaching() {
        let container = Container()
        #expect(container.fpNilCached == nil)
        #expect(container.fpNilCached == nil)
        container.override(\.fpNilCached) { FPService() }
        let first = container.fpNilCached
        #expect(first != nil && container.fpNilCached?.id == first?.id)
        container.override(\.fpNilCached) { nil }
        #expect(container.fpNilCached == nil)
    }

    /// A shared optional does not keep `nil`; it shares a value once there is one; overriding to `nil` drops it.
    @Test func nilSharedServiceCaching() {
        let container = Container()
        #expect(container.fpNilShared == nil)
        container.override(\.fpNilShared) { FPService() }
        let first = container.fpNilShared
        let second = container.fpNilShared
        #expect(first != nil && first?.id == second?.id)
        container.override(\.fpNilShared) { nil }
        #expect(container.fpNilShared == nil)
    }

    /// `.graph` is shared inside one resolution (an object built by a factory) and not outside it.
    @Test func graphScope() {
        let container = Container()
        let graph = container.fpGraphWrapper
        #expect(graph.service1 === graph.service2)
        Container.withOverrides { _ in
        } operation: {
            let loose = FPGraphWrapper()
            #expect(loose.service1 !== loose.service2)
        }
    }

    /// `.graph` is shared when two properties read one graph property inside one resolution.
    @Test func implementsGraphScope() {
        let container = Container()
        let consumer = container.fpConsumer
        #expect(consumer.ids.id == consumer.values.id)
        Container.withOverrides { _ in
        } operation: {
            let loose = FPConsumer()
            #expect(loose.ids.id != loose.values.id)
        }
    }

    /// A cached instance kept by a scope survives an override that keeps the property's scope.
    @Test func overrideKeepsThePropertysScope() {
        let container = Container()
        container.override(\.fpCached) { FPService() }
        let first = container.fpCached
        #expect(container.fpCached === first)
        container.override(\.fpMyService) { FPService() }
        #expect(container.fpMyService.id != container.fpMyService.id)
    }
}
