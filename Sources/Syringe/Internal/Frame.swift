/// One step of a resolution: which registration is being built, and what led to it.
///
/// Frames live on the stack of the thread that resolves and are linked through `parent`; the innermost
/// one is published in ``CurrentFrame`` while a factory runs. Nothing is allocated for them.
@usableFromInline
struct Frame {
    /// The key that was requested (what a person asked for; shown in paths).
    @usableFromInline let key: Key
    /// The registration being built: two frames of one registration on one path are a cycle.
    @usableFromInline let entry: ObjectIdentifier
    @usableFromInline let parent: UnsafeMutablePointer<Frame>?
    /// The instance, once its factory returned and while its `onCreated` hooks run, so that the hooks can
    /// close a cycle back to it. A `Box<Service>`.
    @usableFromInline var constructed: AnyObject?
    /// The `.graph` instances of the whole resolution; used on the root frame only.
    @usableFromInline var graph: GraphCache?

    @inlinable
    init(key: Key, entry: ObjectIdentifier, parent: UnsafeMutablePointer<Frame>?) {
        self.key = key
        self.entry = entry
        self.parent = parent
        self.constructed = nil
        self.graph = nil
    }

    /// Whether the registration `entry` is being built on the path ending at `frame`.
    @inlinable
    static func contains(_ entry: ObjectIdentifier, from frame: UnsafeMutablePointer<Frame>?) -> Bool {
        var node = frame
        while let current = node {
            if current.pointee.entry == entry { return true }
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
