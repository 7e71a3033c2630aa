/// The frame of an async build, on the heap so that it survives suspension, and bound to the building task
/// (and its child tasks) through a task-local. Synchronous resolves made from inside the async factory link
/// their stack frames to it (``Resolution`` joins it), so one resolution has one path, one `.graph` cache
/// and one set of pending commits, however it mixes sync and async factories.
// @unchecked Sendable: the frame's fields that child tasks share (`taint`) are written under the context's
// lock; the others are written by the build that owns the frame before child tasks can see them.
final class AsyncFrame: @unchecked Sendable {
    let frame: FrameRef
    /// Keeps what the frame points to alive: its registration, the enclosing async frame, the context.
    private let entry: Entry
    private let parent: AsyncFrame?
    let context: ResolutionContext

    /// The innermost async build of the current task.
    @TaskLocal static var current: AsyncFrame?

    init(entry: Entry, parent: AsyncFrame?, role: BuildRole) {
        self.entry = entry
        self.parent = parent
        context = parent?.context ?? ResolutionContext()
        frame = FrameRef.allocate(Frame(entry: entry, parent: parent?.frame, execution: .current, isShared: true))
        frame.keeps = role.isBoundary
        if case .scoped(let build) = role { frame.scopesReference = build.head }
        if parent == nil {
            frame.root = frame
            frame.context = context
        }
    }

    deinit {
        frame.release()
    }
}
