/// The one place where Syringe stops the program: for failures that cannot be thrown (property wrappers,
/// key-path getters, `resolved()`, default arguments) and for registrations that can never work.
///
/// Every message is a ``ResolutionError``'s text, in the one format, plus the place that asked when it
/// is known.
enum FailureReporting {
    /// Where a key path or a property wrapper is being resolved, for the "injected at" line.
    struct Site {
        let fileID: FileID
        let line: UInt
    }

    static let currentSite = ThreadLocalPointer<Site>(.failureSite)

    /// Stops the program with `error`'s message; the trap points at `fileID`:`line`.
    static func stop(_ error: any Error, fileID: StaticString, line: UInt) -> Never {
        fatalError(message(for: error), file: fileID, line: line)
    }

    /// Stops the program with `error`'s message, which names the place (kept as a `FileID`, which the trap's own
    /// file parameter cannot take).
    static func stop(_ error: any Error) -> Never {
        fatalError(message(for: error))
    }

    /// `error`'s text, with an "injected at" line when a key path or property wrapper asked.
    static func message(for error: any Error) -> String {
        let text = (error as? ResolutionError)?.description ?? "Syringe: \(error)"
        guard let site = currentSite.pointer?.pointee else { return text }
        return text + "\n  injected at  \(site.fileID):\(site.line)"
    }

    /// Runs `body` with `site` as the place that asked, for messages of failures inside it.
    static func at<Result>(_ fileID: FileID, _ line: UInt, _ body: () -> Result) -> Result {
        var site = Site(fileID: fileID, line: line)
        return withUnsafeMutablePointer(to: &site) { site in
            let outer = currentSite.pointer
            currentSite.pointer = site
            defer { currentSite.pointer = outer }
            return body()
        }
    }
}
