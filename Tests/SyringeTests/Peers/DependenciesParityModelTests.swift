// swift-dependencies' DependencyTests (a model's dependencies passed on to the child models it makes), ported to
// `@Injected` and a captured `Container.current`.
import Syringe
import Testing

@Suite("DependenciesParity: models and their children")
struct DependenciesParityModelTests {
    /// A model made outside any override reads the keys' test values.
    @Test func aModelReadsTestValues() {
        Container.withOverrides { _ in
        } operation: {
            #expect(Container[\.dpNumber] == 42)
            #expect(DpModel().number == 42)
            #expect(DpModel().text == "goodbye")
        }
    }

    /// A model made in nested overrides gets both, and so do its children and grandchildren, made later.
    @Test func childModelsInheritTheOverridesTheParentWasMadeWith() {
        Container.withOverrides { _ in
        } operation: {
            let model = Container.withOverrides {
                $0.dpNumber = 1729
            } operation: {
                Container.withOverrides {
                    $0.dpText = "howdy"
                } operation: {
                    DpModel()
                }
            }
            #expect(model.number == 1729)
            #expect(model.text == "howdy")
            let child = model.child()
            #expect(child.number == 1729)
            #expect(child.text == "howdy")
            let grandchild = child.child()
            #expect(grandchild.number == 1729)
            #expect(grandchild.text == "howdy")
        }
    }

    /// A child made from a captured binding with more overrides gets the parent's and the new ones.
    @Test func aChildCanLayerOverridesOnItsParents() {
        Container.withOverrides { _ in
        } operation: {
            let model = Container.withOverrides {
                $0.dpNumber = 1729
            } operation: {
                DpModel()
            }
            let child = model.dependencies.withOverrides {
                $0.dpText = "cool"
            } operation: {
                DpModel()
            }
            #expect(child.number == 1729)
            #expect(child.text == "cool")
        }
    }

    /// The same, with async overrides, suspensions inside the operations and an async child.
    @Test func childModelsInheritOverridesAcrossSuspensions() async {
        await Container.withOverrides { _ in
        } operation: {
            await Task.yield()
            let model = await Container.withOverrides {
                $0.dpNumber = 1729
            } operation: {
                await Container.withOverrides {
                    $0.dpText = "howdy"
                } operation: { () -> DpModel in
                    await Task.yield()
                    return DpModel()
                }
            }
            #expect(model.number == 1729)
            #expect(model.text == "howdy")
            let child = await model.laterChild()
            #expect(child.number == 1729)
            #expect(child.text == "howdy")
            let grandchild = await child.laterChild()
            #expect(grandchild.number == 1729)
            #expect(grandchild.text == "howdy")
        }
    }

    /// A model made inside overrides keeps what it resolved when it is used inside other overrides.
    @Test func aModelKeepsWhatItResolved() {
        Container.withOverrides { _ in
        } operation: {
            let model = Container.withOverrides {
                $0.dpNumber = 1729
            } operation: {
                DpModel()
            }
            Container.withOverrides {
                $0.dpNumber = 0
            } operation: {
                #expect(model.number == 1729)
                #expect(DpModel().number == 0)
            }
        }
    }

    /// A lazily injected dependency of a model made outside is resolved at first access, with the overrides then.
    @Test func aLazyDependencyResolvesWithTheOverridesOfItsFirstRead() {
        Container.withOverrides { _ in
        } operation: {
            let model = DpLazyModel()
            Container.withOverrides {
                $0.dpNumber = 1729
            } operation: {
                #expect(model.number == 1729)
            }
            #expect(model.number == 1729)
        }
    }

    /// A key with the `.unique` scope is built anew on each read; one with `.cached` once.
    @Test func aKeysScopeDecidesHowOftenItIsBuilt() {
        Container.withOverrides { _ in
        } operation: {
            #expect(Container[\.dpUnique] !== Container[\.dpUnique])
            #expect(Container[\.dpCachedObject] === Container[\.dpCachedObject])
        }
    }

    /// `reset` of an assigned key gives its test value again.
    @Test func resetGivesTheKeysValueBack() {
        Container.withOverrides { _ in
        } operation: {
            Container[\.dpNumber] = 5
            Container.shared.reset(\.dpNumber)
            #expect(Container[\.dpNumber] == 42)
        }
    }
}

private final class DpLazyModel: @unchecked Sendable {
    @LazyInjected(\.dpNumber) var number
}

private final class DpObject: Sendable {}

private struct DpUniqueKey: InjectionKey {
    static var defaultValue: DpObject { DpObject() }
    static var scope: Scope { .unique }
}

private struct DpCachedObjectKey: InjectionKey {
    static var defaultValue: DpObject { DpObject() }
}

extension Container {
    fileprivate var dpUnique: DpObject { self[DpUniqueKey.self] }
    fileprivate var dpCachedObject: DpObject { self[DpCachedObjectKey.self] }
}
