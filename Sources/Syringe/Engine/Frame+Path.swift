extension Frame {
    /// The keys from the root to `frame`, in order.
    static func path(to frame: FrameRef?) -> [Key] {
        var keys: [Key] = []
        var current = frame
        while let node = current {
            if node.isStep { keys.append(node.key) }
            current = node.parent
        }
        return keys.reversed()
    }

    /// The frame building `entry` on the path ending at `frame`.
    static func building(_ entry: Entry, from frame: FrameRef?) -> FrameRef? {
        var node = frame
        while let current = node {
            if current.builds(entry) { return current }
            node = current.parent
        }
        return nil
    }

    /// The frame at `depth` on the path ending at `frame`.
    static func ancestor(at depth: Int32, from frame: FrameRef) -> FrameRef {
        var node = frame
        while node.depth > depth, let parent = node.parent { node = parent }
        return node
    }

    /// Who runs `frame`, a frame of the current thread's path: the nearest recorded execution, else the thread.
    static func execution(of frame: FrameRef?) -> ExecutionID {
        var node = frame
        while let current = node {
            if let execution = current.execution { return execution }
            node = current.parent
        }
        return .currentThread
    }

    /// The executions of every frame on the path ending at `frame`: each is held up while it waits.
    static func executions(from frame: FrameRef?) -> Set<ExecutionID> {
        var executions = Set<ExecutionID>()
        var node = frame
        while let current = node {
            if let execution = current.execution { executions.insert(execution) }
            node = current.parent
        }
        return executions
    }
}
