#if Macros
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@InjectionConsumer`: lists what the type's `@Inject` properties resolve, for `verify(consumers:)`.
///
/// ```swift
/// @InjectionConsumer final class GarageModel { @Inject var car: Car }
/// // extension GarageModel: Syringe.InjectionConsumer {
/// //     nonisolated static var injectedDependencies: Syringe.InjectedDependencies {
/// //         Syringe.InjectedDependencies([Syringe.DeclaredDependency(Car.self)], fileID: …, line: 1)
/// //     }
/// // }
/// ```
public struct InjectionConsumerMacro: ExtensionMacro {
    /// The `InjectionConsumer` extension of the type, listing its `@Inject` properties' dependencies.
    ///
    /// ```swift
    /// @InjectionConsumer final class GarageModel { @Inject var car: Car }   // extension GarageModel: …
    /// ```
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard
            declaration.is(ClassDeclSyntax.self) || declaration.is(StructDeclSyntax.self)
                || declaration.is(ActorDeclSyntax.self)
        else {
            context.report(
                Problem(node, "consumerKind", "@InjectionConsumer applies to a class, a struct or an actor"))
            return []
        }
        var injected = 0
        var dependencies: [String] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                let inject = variable.attributes.attribute(named: "Inject")
            else { continue }
            injected += 1
            // A key path always resolves (its property has a default), and its dependencies are the property's.
            guard let type = variable.bindings.first?.typeAnnotation?.type,
                !inject.argumentList.contains(where: { $0.label == nil })
            else { continue }
            let name = inject.argumentList.first { $0.label?.text == "name" }.map {
                ", name: \($0.expression.trimmedDescription)"
            }
            dependencies.append("Syringe.DeclaredDependency(\(type.trimmed.metatype)\(name ?? ""))")
        }
        if injected == 0 {
            let warning = Problem(
                node, "noInject", "no @Inject property: verify(consumers:) has nothing to check for this type")
            context.diagnose(
                Diagnostic(
                    node: warning.node,
                    message: MacroMessage(message: warning.message.message, id: "noInject", severity: .warning)))
        }
        let place = context.place(of: node)
        let typeName = type.trimmedDescription
        let decl: DeclSyntax = """
            extension \(raw: typeName): Syringe.InjectionConsumer {
                \(raw: declaration.modifiers.witnessAccess)nonisolated static var injectedDependencies: \
            Syringe.InjectedDependencies {
                    Syringe.InjectedDependencies([\(raw: dependencies.joined(separator: ", "))], \(raw: place))
                }
            }
            """
        return [decl.cast(ExtensionDeclSyntax.self)]
    }
}
#endif
