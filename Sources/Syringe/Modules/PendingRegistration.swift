/// A registration written in a builder (``Register``, ``Contribute``): the call to make on a container, and
/// what to do with the ``Registration`` it returns (hooks, `liveOnly()`). Nothing happens until it is applied.
struct PendingRegistration<Service>: Sendable {
    let register: @Sendable (Container) -> Registration<Service>
    private var modifiers: [@Sendable (Registration<Service>) -> Void] = []

    init(_ register: @escaping @Sendable (Container) -> Registration<Service>) {
        self.register = register
    }

    /// The same registration, then `modifier` applied to it.
    func adding(_ modifier: @escaping @Sendable (Registration<Service>) -> Void) -> Self {
        var copy = self
        copy.modifiers.append(modifier)
        return copy
    }

    func apply(to container: Container) {
        let registration = register(container)
        for modifier in modifiers { modifier(registration) }
    }
}
