/// A registration written in a builder (``Register``, ``Contribute``): the call to make on a container,
/// and the `onCreated` hooks to add to what it returns. Nothing happens until it is applied.
struct PendingRegistration<Service>: Sendable {
    typealias Hook = @Sendable (inout Service, Resolution) throws -> Void

    let register: @Sendable (Container) -> Registration<Service>
    private var hooks: [Hook] = []

    init(_ register: @escaping @Sendable (Container) -> Registration<Service>) {
        self.register = register
    }

    func adding(_ hook: @escaping Hook) -> Self {
        var copy = self
        copy.hooks.append(hook)
        return copy
    }

    func apply(to container: Container) {
        let registration = register(container)
        for hook in hooks { registration.onCreated(hook) }
    }
}
