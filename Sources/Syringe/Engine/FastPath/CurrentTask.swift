import SyringeShims

/// The running task, read without retaining it.
///
/// `withUnsafeCurrentTask` (and so `Task.isCancelled`) retains the task and releases it again: two atomic
/// operations on each call, made on every request-scoped build and every closing scope. The runtime hands out the
/// current task without a retain; the task outlives the call, as it is the one running it.
enum CurrentTask {
    /// The current task's address, or `nil` outside a task.
    @inline(__always)
    static var address: UInt? {
        guard let task = swift_task_getCurrent() else { return nil }
        return UInt(bitPattern: task)
    }

    /// Whether the current task is cancelled (`false` outside a task), as `Task.isCancelled`.
    @inline(__always)
    static var isCancelled: Bool {
        guard let task = swift_task_getCurrent() else { return false }
        return swift_task_isCancelled(task)
    }
}
