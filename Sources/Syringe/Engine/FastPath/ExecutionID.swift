import SyringeShims

/// Who runs a part of a resolution, for the wait-for graph: a thread, or a task (which may move between
/// threads at its suspension points).
struct ExecutionID: Hashable, Sendable {
    let rawValue: UInt

    /// The current thread.
    static var currentThread: ExecutionID {
        ExecutionID(rawValue: ThreadState.threadID << 1)
    }

    /// The current task, or the current thread outside a task.
    static var current: ExecutionID {
        // A task's address tells tasks apart while they run.
        guard let task = CurrentTask.address else { return currentThread }
        return ExecutionID(rawValue: task | 1)
    }
}
