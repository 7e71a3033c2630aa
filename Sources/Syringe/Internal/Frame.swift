/// One step of a resolution: which registration is being built, and what led to it.
///
/// Frames live on the stack of the thread that resolves and are linked through `parent`; the innermost
/// one is published in ``CurrentFrame`` while a factory runs. Nothing is allocated for them.
@usableFromInline
struct Frame {
    /// The registration being built (kept alive by the build that owns this frame). Two frames of one
    /// registration on one path are a cycle; its key is what paths show.
    @usableFromInline let entry: Unmanaged<AnyEntry>?
    /// What a frame without a registration shows, such as `[any Plugin]` for `resolveAll`: a key on the
    /// stack of the call that owns this frame.
    @usableFromInline let request: UnsafePointer<Key>?
    @usableFromInline let parent: UnsafeMutablePointer<Frame>?
    /// The instance, once its factory returned and while its `onCreated` hooks run, so that the hooks can
    /// close a cycle back to it: a `Box<Service>` the build keeps alive meanwhile.
    @usableFromInline var constructed: Unmanaged<AnyObject>?
    /// The `.graph` instances of the whole resolution, on the root frame only: retained when created,
    /// released by `endRoot()`. Every field is a plain pointer, so a frame costs nothing to create.
    @usableFromInline var graphCache: Unmanaged<GraphCache>?

    @inlinable
    init(entry: AnyEntry, parent: UnsafeMutablePointer<Frame>?) {
        self.entry = Unmanaged.passUnretained(entry)
        self.request = nil
        self.parent = parent
        self.constructed = nil
        self.graphCache = nil
    }

    /// A frame for a request that no single registration answers.
    init(request: UnsafePointer<Key>, parent: UnsafeMutablePointer<Frame>?) {
        self.entry = nil
        self.request = request
        self.parent = parent
        self.constructed = nil
        self.graphCache = nil
    }

    /// The key shown for this step of a path.
    var key: Key { request?.pointee ?? entry!.takeUnretainedValue().key }

    /// The graph cache of this (root) frame, if one was created.
    @usableFromInline
    var graph: GraphCache? { graphCache?.takeUnretainedValue() }

    /// The graph cache of this (root) frame, created on first use.
    mutating func makeGraph() -> GraphCache {
        if let graphCache { return graphCache.takeUnretainedValue() }
        let graph = GraphCache()
        graphCache = Unmanaged.passRetained(graph)
        return graph
    }

    /// Releases what a root frame owns; called when the top-level build ends, however it ends.
    @inlinable
    mutating func endRoot() {
        if let graphCache {
            graphCache.release()
            self.graphCache = nil
        }
    }

    /// Whether the registration `entry` is being built on the path ending at `frame`.
    @inlinable
    static func contains(_ entry: AnyEntry, from frame: UnsafeMutablePointer<Frame>?) -> Bool {
        let target = Unmanaged.passUnretained(entry).toOpaque()
        var node = frame
        while let current = node {
            if current.pointee.entry?.toOpaque() == target { return true }
            node = current.pointee.parent
        }
        return false
    }

    /// The root frame of the resolution that `frame` belongs to.
    @usableFromInline
    static func root(of frame: UnsafeMutablePointer<Frame>) -> UnsafeMutablePointer<Frame> {
        var current = frame
        while let parent = current.pointee.parent { current = parent }
        return current
    }

    /// The keys from the root to `frame`, in order.
    static func path(to frame: UnsafeMutablePointer<Frame>?) -> [Key] {
        var keys: [Key] = []
        var current = frame
        while let node = current {
            keys.append(node.pointee.key)
            current = node.pointee.parent
        }
        return keys.reversed()
    }
}

/// The `.graph`-scoped instances of one top-level resolve, keyed by registration.
@usableFromInline
final class GraphCache {
    var instances: [ObjectIdentifier: AnyObject] = [:]
    /// `onCreated` hooks of nested graph instances, run when the top-level factory has returned.
    @usableFromInline var deferred: [() -> ResolutionError?] = []
}
