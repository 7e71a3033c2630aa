#if Macros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import MacroPlugin
import Testing

/// The macros as the compiler sees them: their roles and the conformances they add.
let syringeMacros: [String: MacroSpec] = [
    "Injectable": MacroSpec(type: InjectableMacro.self, conformances: ["Injectable"]),
    "Inject": MacroSpec(type: InjectMacro.self),
    "InjectionConsumer": MacroSpec(type: InjectionConsumerMacro.self, conformances: ["InjectionConsumer"]),
]

/// Expands `source` and checks the exact result, the diagnostics and, when given, the source the fix-its make.
func assertExpansion(
    _ source: String, _ expanded: String, diagnostics: [DiagnosticSpec] = [], fixed: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expanded, diagnostics: diagnostics, macroSpecs: syringeMacros,
        fixedSource: fixed,
        failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) })
}
#endif
