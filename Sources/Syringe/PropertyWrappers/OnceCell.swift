/// The once-only slot behind ``LazyInjected`` and ``WeakLazyInjected``: the first read resolves, readers that
/// arrive meanwhile wait for it (through the engine's tickets and wait-for graph, so a wait that would never
/// end is a `cycle`), and later reads return what it resolved.
// @unchecked Sendable: `state` is read and written under `lock` only; the resolver closure is @Sendable.
final class OnceCell<Value>: @unchecked Sendable {
    private enum State {
        case pending
        case resolving(BuildTicket)
        case resolved(Value)
    }

    private let lock = Lock()
    private var state: State = .pending
    private let resolve: @Sendable () -> Value
    /// What the cell resolves, and the place of the property it backs (for messages).
    let key: Key
    let fileID: FileID
    let line: UInt
    /// What is kept of the resolved value for later reads (the first read returns it as resolved).
    private let keep: @Sendable (Value) -> Value
    /// Whether a value says where it was read rather than what it is (a refusal off the main actor): handed to
    /// that read, not kept, so that a read from elsewhere resolves again.
    private let readsAgain: @Sendable (Value) -> Bool

    init(
        key: Key, fileID: FileID, line: UInt, keep: @escaping @Sendable (Value) -> Value = { $0 },
        readsAgain: @escaping @Sendable (Value) -> Bool = { _ in false },
        resolve: @escaping @Sendable () -> Value
    ) {
        self.resolve = resolve
        self.key = key
        self.fileID = fileID
        self.line = line
        self.keep = keep
        self.readsAgain = readsAgain
    }

    /// The value: resolved by the first read, exactly once.
    var value: Value {
        while true {
            lock.lock()
            switch state {
            case .resolved(let value):
                lock.unlock()
                return value
            case .resolving(let ticket):
                lock.unlock()
                let execution = Frame.execution(of: CurrentFrame.frame)
                let chain = Frame.executions(from: CurrentFrame.frame).union([execution])
                guard ticket.owner != execution, WaitGraph.beginWaiting(execution, chain: chain, for: ticket) else {
                    FailureReporting.stop(
                        Diagnostics.lazyCycle(key, fileID: fileID, line: line))
                }
                ticket.wait()
                WaitGraph.endWaiting(execution, for: ticket)
            case .pending:
                let ticket = BuildTicket(owner: Frame.execution(of: CurrentFrame.frame))
                state = .resolving(ticket)
                lock.unlock()
                // Resolved without the lock, so the dependency's factories can take locks of their own.
                let value = resolve()
                let kept = readsAgain(value) ? nil : keep(value)
                lock.withLock {
                    // Defensive: only this read's own resolving state is replaced.
                    guard case .resolving(let current) = state, current === ticket else { return }
                    state = kept.map { .resolved($0) } ?? .pending
                }
                ticket.finish()
                return value
            }
        }
    }

    /// The value kept for later reads, or `nil` while none is (before the first read ends).
    var resolvedValue: Value? {
        lock.withLock {
            guard case .resolved(let value) = state else { return nil }
            return value
        }
    }

    /// Forgets the kept value: the next read resolves again. A read resolving now keeps its value.
    func reset() {
        let old = lock.withLock {
            let old = state
            if case .resolved = state { state = .pending }
            return old
        }
        withExtendedLifetime(old) {}
    }
}
