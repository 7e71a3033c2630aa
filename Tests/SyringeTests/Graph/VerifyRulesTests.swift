import Testing

@testable import Syringe

@Suite("Graph: verify() checks lifetimes, execution and containers")
struct VerifyRulesTests {
    let file = "SyringeTests/VerifyRulesTests.swift"

    func captive(_ key: String, for holder: String, _ holderScope: String, _ scope: String, path: String, line: Int)
        -> String
    {
        """
        Syringe: cannot resolve `\(key)` for `\(holder)`: a \(holderScope) instance would keep an instance of \
        \(scope) beyond its scope.
          while resolving  \(path)
          registered at  \(file):\(line)
          registered nearby: `\(holder)`
          fix: inject a Provider<\(key)> (or resolve it where it is used) instead of keeping it, or give `\(holder)` \
        a scope no longer than \(scope).
        """
    }

    @Test func keptInstancesMustNotKeepShorterLivedOnes() throws {
        let container = Container()
        let line = #line + 1
        container.register(Clerk.self, scope: .singleton, using: Clerk.init)
        container.register(Desk.self, using: Desk.init)
        container.register(Lamp.self, scope: .request, using: Lamp.init)
        container.register(Shelf.self, scope: .singleton, using: Shelf.init)
        container.register(Drawer.self, scope: .cached, using: Drawer.init)
        container.register(Mirror.self, scope: .shared, using: Mirror.init)
        container.register(Hall.self, scope: .singleton, using: Hall.init)
        container.register(Kettle.self, scope: .cached, using: Kettle.init)
        container.register(Stove.self, scope: .singleton, using: Stove.init)
        container.register(Badge.self, scope: .session, using: Badge.init)
        container.register(Lanyard.self, scope: .request, using: Lanyard.init)
        #expect(
            verifyProblems(container) == [
                captive(
                    "Lamp", for: "Clerk", ".singleton", "Scope(\"request\")", path: "Clerk → Desk → Lamp",
                    line: line + 2),
                captive("Lamp", for: "Drawer", ".cached", "Scope(\"request\")", path: "Drawer → Lamp", line: line + 2),
                captive("Mirror", for: "Hall", ".singleton", ".shared", path: "Hall → Mirror", line: line + 5),
                captive("Kettle", for: "Stove", ".singleton", ".cached", path: "Stove → Kettle", line: line + 7),
            ])
    }

    @Test func theCaptiveRulesAsATable() {
        let custom = Scope("visit")
        let rows: [(Scope, Scope, Bool)] = [
            (.singleton, custom, true), (.singleton, .shared, true), (.singleton, .cached, true),
            (.singleton, .singleton, false), (.singleton, .unique, false), (.singleton, .graph, false),
            (.cached, custom, true), (.cached, .shared, true), (.cached, .cached, false), (.cached, .singleton, false),
            (custom, .session, false), (custom, .shared, false), (.shared, custom, false), (.unique, custom, false),
            (.graph, custom, false),
        ]
        for (holder, dependency, captive) in rows {
            #expect(GraphChecks.keeps(holder, captive: dependency) == captive, "\(holder) → \(dependency)")
        }
    }

    @Test func aSynchronousRegistrationMustNotNeedAnAsyncOne() throws {
        let container = Container()
        let line = #line + 1
        container.register(Strongbox.self, using: Strongbox.open)
        container.register(Banker.self, using: Banker.init)
        container.register(Auditor.self, using: Auditor.visit)
        container.register(Doodle.self, using: Doodle.init)
        let fix =
            "(using: an async init or static factory; its parameters are resolved with resolveAsync), or give "
            + "`Strongbox` a synchronous factory."
        #expect(
            verifyProblems(container) == [
                """
                Syringe: cannot resolve `Strongbox` for `Banker` synchronously: its factory is async, and `Banker` has \
                a synchronous factory.
                  while resolving  Banker → Strongbox
                  registered at  \(file):\(line)
                  fix: register `Banker` with an async function \(fix)
                """,
                """
                Syringe: cannot resolve `Strongbox` for `Doodle` synchronously: its factory is async, and `Doodle` has \
                a @MainActor factory.
                  while resolving  Doodle → Strongbox
                  registered at  \(file):\(line)
                  fix: register `Doodle` with an async function \(fix)
                """,
            ])
    }

    @Test func anAsyncHookMakesARegistrationAsyncToo() throws {
        let container = Container()
        container.register(Lamp.self, using: Lamp.init).onCreated { _, _ async throws in }
        container.register(Desk.self, using: Desk.init)
        let error = #expect(throws: ResolutionError.self) { try container.verify() }
        #expect(
            error?.errors.map(\.summary) == [
                "cannot resolve `Lamp` for `Desk` synchronously: it has an async onCreated hook, and `Desk` has a "
                    + "synchronous factory."
            ])
    }

    @Test func aNonisolatedRegistrationMustNotNeedAMainActorOne() throws {
        let container = Container()
        let line = #line + 1
        container.register(Canvas.self, using: Canvas.init)
        container.register(Painter.self, using: Painter.init)
        container.register(Easel.self, using: Easel.init)
        container.register(Gallery.self, using: Gallery.open)
        container.register(Canvas.self, name: "wall", using: Canvas.init).forwarding((any Surface).self)
        container.register(Muralist.self, using: Muralist.init)
        container.register(Archive.self, using: { (_: Provider<Canvas>) in Archive(clerk: Provider { fatalError() }) })
        func problem(_ key: String, for holder: String, path: String, line: Int) -> String {
            """
            Syringe: cannot resolve `\(key)` for `\(holder)` off the main actor: its factory is isolated to the main \
            actor, and `\(holder)`'s is not.
              while resolving  \(path)
              registered at  \(file):\(line)
              fix: register `\(holder)` with a @MainActor function too (a @MainActor init), or with an async one \
            (resolveAsync hops to the main actor), or take Provider<\(key)> and call it on the main actor.
            """
        }
        #expect(
            verifyProblems(container) == [
                problem("Canvas", for: "Painter", path: "Painter → Canvas", line: line),
                problem(
                    "Canvas (name: \"wall\")", for: "Muralist",
                    path: "Muralist → any Surface → Canvas (name: \"wall\")", line: line + 4),
            ])
    }

    @Test func aParentsKeptRegistrationMustNotNeedWhatOnlyAChildRegisters() throws {
        let parent = Container()
        let line = #line + 1
        parent.register(Safe.self, scope: .singleton, using: Safe.init)
        parent.register(Door.self, using: Door.init)
        let child = Container(parent: parent)
        child.register(SafeKey.self, using: SafeKey.init)
        child.register(Bell.self, using: Bell.init)
        #expect(
            verifyProblems(child) == [
                """
                Syringe: cannot resolve `SafeKey` for `Safe`: only a child container registers it, and .singleton \
                `Safe` is built from the container that registers it.
                  while resolving  Safe → SafeKey
                  requested at  \(file):\(line)
                  fix: register `SafeKey` in the container that registers `Safe` too, or give `Safe` scope .unique or \
                .graph so that it is built from the container that asks.
                """
            ])
        // The parent alone misses both; a unique registration of the parent sees the child's `Bell`.
        #expect(verifyProblems(parent).count == 2)
    }

    @Test func optionalsComponentsAndForwardingsAreFollowed() throws {
        let container = Container()
        container.register(WindChime.self)
        container.register(Porch.self, using: Porch.init)
        container.register(Bell.self, using: Bell.init)
        container.register(Door.self, using: Door.init)
        container.register(V8Engine.self, scope: .singleton, using: V8Engine.init).forwarding((any Engine).self)
        container.register(ManualTransmission.self, using: ManualTransmission.init)
            .forwarding((any Transmission).self)
        container.register(Car.self, using: Car.init)
        #expect(
            try container.verify(roots: [Car.self, Porch.self, Door.self]).description
                == "verified 9 of 9 registrations; 0 opaque")
        #expect(try container.resolve(Car.self).engine.name == "V8")
    }

    @Test func componentsRegisteredTogetherAreAmbiguous() throws {
        let container = Container()
        container.register(WindChime.self, BrassChime.self)
        container.register(Porch.self, using: Porch.init)
        let line = #line - 1
        #expect(
            verifyProblems(container) == [
                """
                Syringe: cannot resolve `any Chime`: 2 components registered in one call conform to it.
                  while resolving  Porch → any Chime
                  requested at  \(file):\(line)
                  candidates: `WindChime`, `BrassChime`
                  fix: register the one to use in a call of its own (the latest registration wins), or forward it \
                explicitly: container.register(WindChime.self, as: (any Chime).self).
                """
            ])
    }

    @Test func everyProblemAtOnceInOrderOfTheRules() throws {
        let container = Container()
        container.register(Car.self, using: Car.init)
        container.register(Hen.self, using: Hen.init)
        container.register(Egg.self, using: Egg.init)
        container.register(Clerk.self, scope: .singleton, using: Clerk.init)
        container.register(Desk.self, scope: .session, using: Desk.init)
        container.register(Lamp.self, using: Lamp.init)
        container.register(Strongbox.self, using: Strongbox.open)
        container.register(Banker.self, using: Banker.init)
        container.register(Canvas.self, using: Canvas.init)
        container.register(Painter.self, using: Painter.init)
        container.register(Bell.self, using: Bell.init)
        let roots: [any Any.Type] = [Car.self, Hen.self, Clerk.self, Banker.self, Painter.self]
        let error = #expect(throws: ResolutionError.self) { try container.verify(roots: roots) }
        #expect(error?.summary == "verify() found 7 problems (verified 11 of 11 registrations; 0 opaque).")
        #expect(
            error?.errors.map(\.code) == [
                .notRegistered, .notRegistered, .cycle, .captive, .asyncRequired, .mainActorRequired, .unreachable,
            ])
        #expect(
            error?.errors.compactMap(\.key) == [
                Key((any Engine).self), Key((any Transmission).self), Key(Hen.self), Key(Desk.self),
                Key(Strongbox.self),
                Key(Canvas.self), Key(Bell.self),
            ])
    }
}
