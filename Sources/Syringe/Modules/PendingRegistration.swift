/// A registration written in a builder (``Register``, ``Contribute``): the call to make on a container, and
/// what to do with the ``Registration`` it returns (hooks, `liveOnly()`). Nothing happens until it is applied.
struct PendingRegistration<Service>: Sendable {
    let register: @Sendable (Container) -> Registration<Service>
    /// Each returns the handle the next one applies to (a context's alternative replaces the registration).
    private var modifiers: [@Sendable (Registration<Service>) -> Registration<Service>] = []

    init(_ register: @escaping @Sendable (Container) -> Registration<Service>) {
        self.register = register
    }

    /// The same registration, then `modifier` applied to it.
    func adding(_ modifier: @escaping @Sendable (Registration<Service>) -> Void) -> Self {
        replacing { registration in
            modifier(registration)
            return registration
        }
    }

    /// The same registration, then `modifier` applied to it; what follows applies to the handle it returns.
    func replacing(_ modifier: @escaping @Sendable (Registration<Service>) -> Registration<Service>) -> Self {
        var copy = self
        copy.modifiers.append(modifier)
        return copy
    }

    func apply(to container: Container) {
        var registration = register(container)
        for modifier in modifiers { registration = modifier(registration) }
    }
}
