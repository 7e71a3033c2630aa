/// A resolve deferred to later (a lazy handle, a lazily injected property) that still belongs to the
/// resolution that created it: made inside a factory, it keeps that resolution's `.graph` instances, so a
/// lazily resolved `.graph` dependency is the one of the graph that built its owner.
// @unchecked Sendable: the context is only used through its own lock.
final class LaterResolution: @unchecked Sendable {
    private let context: ResolutionContext?

    /// Captures the resolution running on this thread (or in this task's async build), if any.
    init() {
        if let frame = Engine.currentFrame { context = Engine.context(of: frame) } else { context = nil }
    }

    /// Runs `body` (a resolve) as a new request of the captured resolution; from inside another resolution,
    /// as part of that one.
    func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let context, CurrentFrame.pointer == nil else { return try body() }
        var frame = Frame(continuing: context)
        return try withUnsafeMutablePointer(to: &frame) { frame in
            var result: Result?
            do {
                try Engine.run(frame, role: .unique) { result = try body() }
            } catch {
                throw error
            }
            return result!
        }
    }
}
