/// What one resolve built, step by step: the dependency graph of a service, as text or data.
///
/// ```swift
/// let trace = try container.traceResolution(of: Car.self)
/// print(trace)
/// // Car (.unique)
/// // ├─ any Engine (.unique)
/// // └─ any Transmission (.singleton)
/// ```
///
/// The trace comes from resolving in a throwaway child of the container, so everything is built fresh
/// and nothing in the container changes.
public struct ResolutionTrace: Sendable, CustomStringConvertible {
    /// One dependency reached while resolving.
    ///
    /// ```swift
    /// for step in trace.steps where step.depth == 1 { print(step.key) }   // the direct dependencies
    /// ```
    public struct Step: Sendable, Equatable {
        /// What was resolved.
        ///
        /// ```swift
        /// let requested = trace.steps[0].key   // the requested service
        /// ```
        public let key: Key
        /// 0 for the requested service, 1 for its direct dependencies, and so on.
        ///
        /// ```swift
        /// let direct = trace.steps.filter { $0.depth == 1 }
        /// ```
        public let depth: Int
        /// The scope of the registration that answered.
        ///
        /// ```swift
        /// let singletons = trace.steps.filter { $0.scope == .singleton }
        /// ```
        public let scope: Scope
        /// Whether an instance already built in this resolve was handed out again (a `.graph` or kept
        /// instance reached twice) rather than built.
        ///
        /// ```swift
        /// let reused = trace.steps.filter(\.reused).count   // shared instances in the graph
        /// ```
        public let reused: Bool
    }

    /// The steps in the order they were reached, depth first.
    ///
    /// ```swift
    /// let keys = trace.steps.map(\.key.description)   // ["Car", "any Engine", "any Transmission"]
    /// ```
    public let steps: [Step]

    /// The steps as a tree, one line each.
    ///
    /// ```swift
    /// print(try container.traceResolution(of: Car.self))
    /// ```
    public var description: String {
        var lines: [String] = []
        for (index, step) in steps.enumerated() {
            var prefix = ""
            if step.depth > 0 {
                for level in 1..<step.depth {
                    prefix += hasLaterSibling(after: index, atDepth: level) ? "│  " : "   "
                }
                prefix += hasLaterSibling(after: index, atDepth: step.depth) ? "├─ " : "└─ "
            }
            lines.append("\(prefix)\(step.key) (\(step.scope)\(step.reused ? ", reused" : ""))")
        }
        return lines.joined(separator: "\n")
    }

    /// Whether another step at `depth` follows before the tree climbs above it.
    private func hasLaterSibling(after index: Int, atDepth depth: Int) -> Bool {
        for step in steps[(index + 1)...] {
            if step.depth < depth { return false }
            if step.depth == depth { return true }
        }
        return false
    }
}

/// Collects the steps of a traced resolve, from whichever thread or task reaches them.
final class TraceRecorder: Sendable {
    private let recorded = Protected<[ResolutionTrace.Step]>([])

    /// A copy made under the lock (see `Registry.allEntries`).
    var steps: [ResolutionTrace.Step] { recorded.withLock { $0.map { $0 } } }

    func record(_ entry: Entry, reused: Bool) {
        var depth = 0
        var frame = Engine.currentFrame
        while let current = frame {
            if current.entry != nil { depth += 1 }
            frame = current.parent
        }
        let step = ResolutionTrace.Step(key: entry.key, depth: depth, scope: entry.scope, reused: reused)
        recorded.withLock { $0.append(step) }
    }
}

extension Container {
    /// Resolves `Service` in a throwaway child of this container and returns what it built, step by step.
    ///
    /// ```swift
    /// print(try container.traceResolution(of: Car.self))
    /// ```
    ///
    /// Factories run (in the child, with fresh instances of kept scopes, and with ``Container/shared`` bound
    /// to the child, so that property wrappers inside them are traced too); nothing in this container changes.
    public func traceResolution<Service>(
        of type: Service.Type, name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line
    ) throws -> ResolutionTrace {
        let steps = try traceSteps { child in
            _ = try child.resolve(Service.self, name: name, fileID: fileID, line: line)
        }
        return ResolutionTrace(steps: steps)
    }

    /// Runs `resolve` on a throwaway child of this container that records every step, and returns the steps.
    func traceSteps(_ resolve: (Container) throws -> Void) throws -> [ResolutionTrace.Step] {
        let recorder = TraceRecorder()
        let child = Container(parent: self, policy: TestPolicy(tracer: recorder))
        // Property wrappers and default arguments inside the factories read `Container.shared`: bind it to
        // the traced child, so what they resolve shows in the trace too.
        Container.noteBinding()
        try Container.$taskLocal.withValue(child) { try resolve(child) }
        return recorder.steps
    }
}
