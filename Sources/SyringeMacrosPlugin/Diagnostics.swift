#if Macros
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A message of the macros, errors unless said otherwise: each names what is wrong and what to write instead.
struct MacroMessage: DiagnosticMessage, FixItMessage, Error {
    let message: String
    let id: String
    var severity: DiagnosticSeverity = .error

    var diagnosticID: MessageID { MessageID(domain: "SyringeMacros", id: id) }
    var fixItID: MessageID { diagnosticID }
}

/// A problem found while reading a declaration: where it is, what it says, and how to fix it.
struct Problem: Error {
    let node: Syntax
    let message: MacroMessage
    var notes: [Note] = []
    var fixIts: [FixIt] = []

    init(
        _ node: some SyntaxProtocol, _ id: String, _ message: String, notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        self.node = Syntax(node)
        self.message = MacroMessage(message: message, id: id)
        self.notes = notes
        self.fixIts = fixIts
    }

    var diagnostic: Diagnostic {
        Diagnostic(node: node, message: message, notes: notes, fixIts: fixIts)
    }
}

/// A note beside a diagnostic.
struct MacroNote: NoteMessage {
    let message: String
    let id: String
    var noteID: MessageID { MessageID(domain: "SyringeMacros", id: id) }
}

extension MacroExpansionContext {
    /// Reports `problem` at its node.
    func report(_ problem: Problem) {
        diagnose(problem.diagnostic)
    }
}

/// A fix-it that replaces `old` with `new`.
func replacing(_ old: some SyntaxProtocol, with new: some SyntaxProtocol, _ message: String) -> FixIt {
    FixIt(
        message: MacroMessage(message: message, id: "fix"),
        changes: [.replace(oldNode: Syntax(old), newNode: Syntax(new))])
}
#endif
