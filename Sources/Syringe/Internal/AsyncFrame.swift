/// One step of an async resolution: the async counterpart of ``Frame``.
///
/// A thread-local stack frame cannot survive an `await`, so the async engine keeps its path in a task-local
/// chain of these (inherited by child tasks). Synchronous resolves started from an async factory
/// (`r.resolve(…)`) see the chain as ordinary frames (``join(_:_:)``), so paths, errors and cycle checks
/// run through sync and async factories alike.
final class AsyncFrame: Sendable {
    /// The registration being built; its key is what paths show.
    let entry: AnyEntry
    let parent: AsyncFrame?
    /// Set when this frame builds the instance of a stored scope: what others wait for (see ``AsyncWaitGraph``).
    let ticket: AsyncBuildTicket?
    /// The `.graph` instances of async factories in this resolution; on the root frame only.
    let graph: Protected<[ObjectIdentifier: AnyObject]>?

    /// The innermost frame of the async resolution running in this task.
    @TaskLocal static var current: AsyncFrame?

    init(entry: AnyEntry, parent: AsyncFrame?, ticket: AsyncBuildTicket?) {
        self.entry = entry
        self.parent = parent
        self.ticket = ticket
        self.graph = parent == nil ? Protected([:]) : nil
    }

    /// The root frame of the resolution.
    var root: AsyncFrame {
        var frame = self
        while let parent = frame.parent { frame = parent }
        return frame
    }

    /// Whether `entry` is being built on this path (including this frame).
    func contains(_ entry: AnyEntry) -> Bool {
        var frame: AsyncFrame? = self
        while let current = frame {
            if current.entry === entry { return true }
            frame = current.parent
        }
        return false
    }

    /// The innermost build of a stored instance on this path: who waits when this task awaits another build.
    var innermostTicket: AsyncBuildTicket? {
        var frame: AsyncFrame? = self
        while let current = frame {
            if let ticket = current.ticket { return ticket }
            frame = current.parent
        }
        return nil
    }

    /// Runs `body` with `chain` published as the current thread's frames (innermost last), so that the
    /// synchronous engine, its errors and its cycle checks see the async path. With no chain, just runs it.
    ///
    /// `.graph` instances of synchronous factories are shared within one such call; the `onCreated` hooks
    /// it defers run before it returns.
    static func join<Result>(
        _ chain: AsyncFrame?, _ body: () throws(ResolutionError) -> Result
    ) throws(ResolutionError) -> Result {
        guard let chain else { return try body() }
        return try publish(chain) { (root) throws(ResolutionError) -> Result in
            let result = try body()
            try Container.runDeferredHooks(of: root)
            return result
        }
    }

    /// Runs `body`, which builds an error, with `chain` published as the current thread's frames, so the
    /// error names the whole async path.
    static func describing<Result>(_ chain: AsyncFrame?, _ body: () -> Result) -> Result {
        guard let chain else { return body() }
        return publish(chain) { _ in body() }
    }

    private static func publish<Result, Failure: Error>(
        _ chain: AsyncFrame, _ body: (_ root: UnsafeMutablePointer<Frame>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let saved = CurrentFrame.pointer
        defer { CurrentFrame.pointer = saved }
        return try materialize(chain) { (innermost, root) throws(Failure) -> Result in
            CurrentFrame.pointer = innermost
            // The laid-out root owns the `.graph` cache of the synchronous builds made in `body`.
            defer { root.pointee.endRoot() }
            return try body(root)
        }
    }

    /// Lays `frame` and its ancestors out as stack frames and calls `body` with the innermost and the root.
    private static func materialize<Result, Failure: Error>(
        _ frame: AsyncFrame,
        _ body: (UnsafeMutablePointer<Frame>, UnsafeMutablePointer<Frame>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        func layOut(
            _ frame: AsyncFrame, parent: UnsafeMutablePointer<Frame>?, root: UnsafeMutablePointer<Frame>?,
            chain: ArraySlice<AsyncFrame>
        ) throws(Failure) -> Result {
            var stackFrame = Frame(entry: frame.entry, parent: parent)
            return try withUnsafeMutablePointer(to: &stackFrame) { (pointer) throws(Failure) -> Result in
                let root = root ?? pointer
                guard let next = chain.first else { return try body(pointer, root) }
                return try layOut(next, parent: pointer, root: root, chain: chain.dropFirst())
            }
        }
        var outermostFirst: [AsyncFrame] = []
        var node: AsyncFrame? = frame
        while let current = node {
            outermostFirst.append(current)
            node = current.parent
        }
        outermostFirst.reverse()
        return try layOut(outermostFirst[0], parent: nil, root: nil, chain: outermostFirst.dropFirst())
    }
}
