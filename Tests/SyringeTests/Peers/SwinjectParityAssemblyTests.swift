import Syringe
import Testing

private struct SpAnimalModule: Module {
    var name = "Whiskers"

    var registrations: some Registrations {
        Register((any SpAnimal).self) { [name] in SpCat(name: name) }
    }
}

private struct SpFoodModule: Module {
    var registrations: some Registrations {
        Register((any SpFood).self) { SpSushi() }
    }
}

private struct SpPersonModule: Module {
    var registrations: some Registrations {
        Register(SpPetOwner.self) { r in
            let owner = SpPetOwner(pet: try r.resolve())
            owner.favoriteFood = try r.resolve()
            return owner
        }
    }
}

/// Swinject's `Assembler` tests, ported to modules: `Container { … }`, `install` and child containers.
@Suite("SwinjectParity: assemblies as modules")
struct SwinjectParityAssemblyTests {
    /// One module registers its services, and nothing else.
    @Test func oneModule() throws {
        let container = Container { SpAnimalModule() }
        #expect(try container.resolve((any SpAnimal).self).name == "Whiskers")
        #expect(throws: ResolutionError.self) { try container.resolve((any SpFood).self) }
    }

    /// An empty container, with no parent, resolves nothing.
    @Test func emptyContainerWithoutParent() {
        let container = Container(parent: nil) {}
        #expect(throws: ResolutionError.self) { try container.resolve((any SpFood).self) }
    }

    /// Several modules register into one container.
    @Test func severalModules() throws {
        let container = Container {
            SpAnimalModule()
            SpFoodModule()
        }
        #expect(try container.resolve((any SpAnimal).self).name == "Whiskers")
        #expect(try container.resolve((any SpFood).self) is SpSushi)
    }

    /// Modules that depend on each other's registrations work in any order.
    @Test func modulesWithInterdependenciesInAnyOrder() throws {
        let forward = Container {
            SpAnimalModule()
            SpFoodModule()
            SpPersonModule()
        }
        let backward = Container {
            SpPersonModule()
            SpAnimalModule()
            SpFoodModule()
        }
        for container in [forward, backward] {
            let owner = try container.resolve(SpPetOwner.self)
            #expect(owner.pet?.name == "Whiskers")
            #expect(owner.favoriteFood is SpSushi)
        }
    }

    /// A module installed later adds its registrations then.
    @Test func moduleInstalledLater() throws {
        let container = Container()
        #expect(throws: ResolutionError.self) { try container.resolve((any SpAnimal).self) }
        container.install(SpAnimalModule())
        #expect(try container.resolve((any SpAnimal).self).name == "Whiskers")
    }

    /// Modules installed one by one each add their registrations.
    @Test func modulesInstalledOneByOne() throws {
        let container = Container()
        container.install(SpAnimalModule())
        #expect(throws: ResolutionError.self) { try container.resolve((any SpFood).self) }
        container.install(SpFoodModule())
        #expect(try container.resolve((any SpFood).self) is SpSushi)
    }

    /// Several modules installed at once.
    @Test func modulesInstalledAtOnce() throws {
        let container = Container()
        container.install {
            SpAnimalModule()
            SpFoodModule()
        }
        #expect(try container.resolve((any SpAnimal).self).name == "Whiskers")
        #expect(try container.resolve((any SpFood).self) is SpSushi)
    }

    /// Code after the container is made sees every module (Swinject's `LoadAwareAssembly.loaded`).
    @Test func everyModuleIsLoadedWhenTheContainerIsMade() throws {
        let container = Container {
            SpAnimalModule(name: "Bojangles")
            SpFoodModule()
        }
        #expect(try container.resolve((any SpAnimal).self).name == "Bojangles")
        #expect(try container.resolve((any SpFood).self) is SpSushi)
    }

    /// An empty child container resolves its parent's registrations.
    @Test func emptyChildResolvesParentsModules() throws {
        let parent = Container { SpAnimalModule() }
        let child = Container(parent: parent) {}
        #expect(try child.resolve((any SpAnimal).self).name == "Whiskers")
        #expect(throws: ResolutionError.self) { try child.resolve((any SpFood).self) }
    }

    /// A child's modules are not visible to its parent.
    @Test func childModulesAreNotVisibleToTheParent() throws {
        let parent = Container()
        let child = Container(parent: parent) { SpAnimalModule() }
        #expect(throws: ResolutionError.self) { try parent.resolve((any SpAnimal).self) }
        #expect(try child.resolve((any SpAnimal).self).name == "Whiskers")
    }
}
