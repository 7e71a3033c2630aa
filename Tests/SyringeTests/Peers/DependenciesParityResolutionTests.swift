// swift-dependencies' ResolutionTests, CacheTests and SimultaneousCacheAccessTests: keys whose values read other
// keys, eagerly or lazily, in a diamond, re-entrantly, and from a deinit while a kept value is dropped.
import Syringe
import Testing

private struct DpEagerChild: InjectionKey, Sendable {
    var value: Int
    static var defaultValue: DpEagerChild { DpEagerChild(value: 1729) }
}

private struct DpEagerParent: InjectionKey, Sendable {
    var value: Int
    static var defaultValue: DpEagerParent { DpEagerParent(value: Container[\.dpEagerChild].value) }
}

private struct DpLazyChild: InjectionKey, Sendable {
    var value: @Sendable () -> Int
    static var defaultValue: DpLazyChild { DpLazyChild { 1729 } }
}

private struct DpLazyParent: InjectionKey, Sendable {
    var value: @Sendable () -> Int
    static var defaultValue: DpLazyParent { DpLazyParent { Container[\.dpLazyChild].value() } }
}

private struct DpDiamondA: InjectionKey, Sendable {
    var value: @Sendable () -> Int
    static var defaultValue: DpDiamondA {
        DpDiamondA { Container[\.dpDiamondB1].value() + Container[\.dpDiamondB2].value() }
    }
}

private struct DpDiamondB1: InjectionKey, Sendable {
    var value: @Sendable () -> Int
    static var defaultValue: DpDiamondB1 { DpDiamondB1 { Container[\.dpDiamondC].value() + 42 } }
}

private struct DpDiamondB2: InjectionKey, Sendable {
    var value: @Sendable () -> Int
    static var defaultValue: DpDiamondB2 { DpDiamondB2 { Container[\.dpDiamondC].value() + 1729 } }
}

private struct DpDiamondC: InjectionKey, Sendable {
    var value: @Sendable () -> Int
    static var defaultValue: DpDiamondC { DpDiamondC { 1 } }
}

/// Counts its deinits.
private final class DpRef: Sendable {
    let deinits: DpLocked<Int>

    init(_ deinits: DpLocked<Int>) {
        self.deinits = deinits
    }

    deinit { deinits.withValue { $0 += 1 } }
}

private struct DpInner: InjectionKey, Sendable {
    static let deinits = DpLocked(0)
    let ref: DpRef
    static var defaultValue: DpInner { DpInner(ref: DpRef(deinits)) }
}

private struct DpOuter: InjectionKey, Sendable {
    let inner: DpInner
    static var defaultValue: DpOuter { DpOuter(inner: Container[\.dpInner]) }
}

private struct DpNested: InjectionKey, Sendable {
    static let reads = DpLocked(0)
    static var defaultValue: DpNested { DpNested() }
}

/// Reads a key in its deinit.
private final class DpProduct: Sendable {
    deinit {
        _ = Container[\.dpNested]
        DpNested.reads.withValue { $0 += 1 }
    }
}

private struct DpProductFactory: InjectionKey, Sendable {
    let product: DpProduct
    static var defaultValue: DpProductFactory { DpProductFactory(product: DpProduct()) }
}

extension Container {
    fileprivate var dpEagerChild: DpEagerChild {
        get { self[DpEagerChild.self] }
        set { self[DpEagerChild.self] = newValue }
    }
    fileprivate var dpEagerParent: DpEagerParent {
        get { self[DpEagerParent.self] }
        set { self[DpEagerParent.self] = newValue }
    }
    fileprivate var dpLazyChild: DpLazyChild {
        get { self[DpLazyChild.self] }
        set { self[DpLazyChild.self] = newValue }
    }
    fileprivate var dpLazyParent: DpLazyParent {
        get { self[DpLazyParent.self] }
        set { self[DpLazyParent.self] = newValue }
    }
    fileprivate var dpDiamondA: DpDiamondA {
        get { self[DpDiamondA.self] }
        set { self[DpDiamondA.self] = newValue }
    }
    fileprivate var dpDiamondB1: DpDiamondB1 {
        get { self[DpDiamondB1.self] }
        set { self[DpDiamondB1.self] = newValue }
    }
    fileprivate var dpDiamondB2: DpDiamondB2 {
        get { self[DpDiamondB2.self] }
        set { self[DpDiamondB2.self] = newValue }
    }
    fileprivate var dpDiamondC: DpDiamondC {
        get { self[DpDiamondC.self] }
        set { self[DpDiamondC.self] = newValue }
    }
    fileprivate var dpInner: DpInner { self[DpInner.self] }
    fileprivate var dpOuter: DpOuter { self[DpOuter.self] }
    fileprivate var dpNested: DpNested { self[DpNested.self] }
    fileprivate var dpProductFactory: DpProductFactory {
        get { self[DpProductFactory.self] }
        set { self[DpProductFactory.self] = newValue }
    }
}

@Suite("DependenciesParity: resolution")
struct DependenciesParityResolutionTests {
    /// A key whose value reads another key when it is built: the override of the child is seen by the child, and
    /// (Syringe: a test container builds its own kept values) by a parent first read inside the override.
    @Test func aParentBuiltFromAChildKey() {
        Container.withOverrides { _ in
        } operation: {
            #expect(Container[\.dpEagerParent].value == 1729)
            #expect(Container[\.dpEagerChild].value == 1729)
            Container.withOverrides {
                $0.dpEagerChild.value = 42
            } operation: {
                #expect(Container[\.dpEagerChild].value == 42)
                #expect(Container[\.dpEagerParent].value == 42)
            }
            #expect(Container[\.dpEagerParent].value == 1729)
        }
    }

    /// A key whose value reads another key when called sees overrides of either, each on its own.
    @Test func aParentThatReadsItsChildLazily() {
        Container.withOverrides { _ in
        } operation: {
            #expect(Container[\.dpLazyParent].value() == 1729)
            #expect(Container[\.dpLazyChild].value() == 1729)
            Container.withOverrides {
                $0.dpLazyChild.value = { 42 }
            } operation: {
                #expect(Container[\.dpLazyParent].value() == 42)
                #expect(Container[\.dpLazyChild].value() == 42)
            }
            Container.withOverrides {
                $0.dpLazyParent.value = { 42 }
            } operation: {
                #expect(Container[\.dpLazyParent].value() == 42)
                #expect(Container[\.dpLazyChild].value() == 1729)
            }
            Container.withOverrides {
                $0.dpLazyParent.value = { 42 }
                $0.dpLazyChild.value = { -42 }
            } operation: {
                #expect(Container[\.dpLazyParent].value() == 42)
                #expect(Container[\.dpLazyChild].value() == -42)
            }
        }
    }

    /// A diamond of keys read lazily: an override at the bottom reaches the top, one in the middle stops there.
    @Test func aDiamondOfKeys() {
        Container.withOverrides { _ in
        } operation: {
            #expect(Container[\.dpDiamondA].value() == 1 + 1 + 42 + 1729)
            #expect(Container[\.dpDiamondB1].value() == 1 + 42)
            #expect(Container[\.dpDiamondB2].value() == 1 + 1729)
            #expect(Container[\.dpDiamondC].value() == 1)
            Container.withOverrides {
                $0.dpDiamondC.value = { 2 }
            } operation: {
                #expect(Container[\.dpDiamondA].value() == 2 + 2 + 42 + 1729)
                #expect(Container[\.dpDiamondB1].value() == 2 + 42)
                #expect(Container[\.dpDiamondB2].value() == 2 + 1729)
                #expect(Container[\.dpDiamondC].value() == 2)
            }
            Container.withOverrides {
                $0.dpDiamondB1.value = { 100 }
                $0.dpDiamondB2.value = { 200 }
            } operation: {
                #expect(Container[\.dpDiamondA].value() == 100 + 200)
                #expect(Container[\.dpDiamondC].value() == 1)
            }
        }
    }

    /// A key read while another key's default is built is kept, not dropped: one instance, no deinit.
    @Test func aKeyReadInsideAnotherKeysDefaultIsKept() {
        Container.withOverrides { _ in
        } operation: {
            let before = DpInner.deinits.value
            let outer = Container[\.dpOuter]
            #expect(Container[\.dpInner].ref === outer.inner.ref)
            #expect(DpInner.deinits.value == before)
        }
    }

    /// A kept value whose deinit reads a key, dropped by `reset`, by an override and with its container.
    @Test func aDeinitThatReadsAKeyWhileItsValueIsDropped() {
        let before = DpNested.reads.value
        Container.withOverrides { _ in
        } operation: {
            _ = Container[\.dpProductFactory]
            Container.shared.reset(\.dpProductFactory)
            _ = Container[\.dpProductFactory]
            Container.shared.dpProductFactory = DpProductFactory(product: DpProduct())
            _ = Container[\.dpProductFactory]
        }
        #expect(DpNested.reads.value >= before + 2)
    }
}
