import Syringe

// Test doubles for the Swinject parity suites: an animal, its owner, food, and the small graphs Swinject's own
// tests use, written for Syringe. Prefixed `Sp` so they never clash with the other suites' doubles.

protocol SpAnimal: AnyObject {
    var name: String? { get }
}

class SpCat: SpAnimal {
    let name: String?
    let sleeping: Bool
    var favoriteFood: (any SpFood)?

    init(name: String? = nil, sleeping: Bool = false) {
        self.name = name
        self.sleeping = sleeping
    }
}

final class SpSiamese: SpCat {}

final class SpDog: SpAnimal {
    let name: String?

    init(name: String? = nil) { self.name = name }
}

protocol SpFood: AnyObject {}
final class SpSushi: SpFood {}

protocol SpPerson: AnyObject {}

final class SpPetOwner: SpPerson {
    var pet: (any SpAnimal)?
    var favoriteFood: (any SpFood)?

    init(pet: (any SpAnimal)? = nil) { self.pet = pet }

    func inject(_ animal: any SpAnimal) { pet = animal }
}

/// A value type: a container hands out copies, whatever the scope.
protocol SpShell {
    var name: String { get set }
}

struct SpTurtle: SpShell {
    var name: String
}

protocol SpParentProtocol: AnyObject {}
protocol SpChildProtocol: AnyObject {}

final class SpParent: SpParentProtocol {
    var child: (any SpChildProtocol)?

    init(child: (any SpChildProtocol)? = nil) { self.child = child }
}

final class SpChild: SpChildProtocol {
    weak var parent: (any SpParentProtocol)?
}

final class SpA {
    var b: SpB?

    init(b: SpB? = nil) { self.b = b }
}

final class SpB {
    var c: SpC?

    init(c: SpC? = nil) { self.c = c }
}

final class SpC {
    weak var a: SpA?
    var d: SpD?

    init(d: SpD? = nil) { self.d = d }
}

final class SpD {
    weak var b: SpB?
    weak var c: SpC?
}

/// A `C` that holds its `B` weakly: the root of the graph is kept by `.shared` alone while it is built.
final class SpCHoldingWeakB {
    weak var b: SpBHoldingC?
}

final class SpBHoldingC {
    let c: SpCHoldingWeakB

    init(c: SpCHoldingWeakB) { self.c = c }
}

final class SpCustomer {}

final class SpEmployee {
    let customer: SpCustomer
    let lazyCustomer: Lazy<SpCustomer>
    let providedCustomer: Provider<SpCustomer>
    weak var employer: SpEmployer?

    init(customer: SpCustomer, lazyCustomer: Lazy<SpCustomer>, providedCustomer: Provider<SpCustomer>) {
        self.customer = customer
        self.lazyCustomer = lazyCustomer
        self.providedCustomer = providedCustomer
    }
}

final class SpEmployer {
    let customer: SpCustomer
    let lazyCustomer: Lazy<SpCustomer>
    let providedCustomer: Provider<SpCustomer>
    let employee: SpEmployee
    let lazyEmployee: Lazy<SpEmployee>
    let providedEmployee: Provider<SpEmployee>

    init(
        customer: SpCustomer, lazyCustomer: Lazy<SpCustomer>, providedCustomer: Provider<SpCustomer>,
        employee: SpEmployee, lazyEmployee: Lazy<SpEmployee>, providedEmployee: Provider<SpEmployee>
    ) {
        self.customer = customer
        self.lazyCustomer = lazyCustomer
        self.providedCustomer = providedCustomer
        self.employee = employee
        self.lazyEmployee = lazyEmployee
        self.providedEmployee = providedEmployee
    }
}

/// Swinject's employment assembly: an employer, its employee (who points back to the employer unless the
/// scope is `.unique`) and a customer, each also held through a `Lazy` and a `Provider`.
struct SpEmploymentModule: Module {
    let scope: Scope

    var registrations: some Registrations {
        Register(SpCustomer.self, scope: scope) { SpCustomer() }
        Register(SpEmployee.self, scope: scope) { r in
            SpEmployee(customer: try r.resolve(), lazyCustomer: try r.resolve(), providedCustomer: try r.resolve())
        }
        .onCreated { [scope] employee, r in
            if scope != .unique { employee.employer = try r.resolve(SpEmployer.self) }
        }
        Register(SpEmployer.self, scope: scope) { r in
            SpEmployer(
                customer: try r.resolve(), lazyCustomer: try r.resolve(), providedCustomer: try r.resolve(),
                employee: try r.resolve(), lazyEmployee: try r.resolve(), providedEmployee: try r.resolve())
        }
    }
}

/// Registers an animal and a pet owner that both ask for food: whether they get the same food shows the scope.
func spRegisterCatAndOwnerEatingFood(in container: Container) {
    container.register((any SpAnimal).self) { r in
        let cat = SpCat()
        cat.favoriteFood = try r.resolve()
        return cat
    }
    container.register((any SpPerson).self) { r in
        let owner = SpPetOwner(pet: try r.resolve())
        owner.favoriteFood = try r.resolve()
        return owner
    }
}
