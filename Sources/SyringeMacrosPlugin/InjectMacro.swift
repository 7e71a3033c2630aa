#if Macros
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Inject`: a stored dependency without a property wrapper. The property becomes a getter of a private `let`
/// that is resolved (through `Container.shared`) when the owner is initialised.
///
/// ```swift
/// @Inject var car: Car
/// // var car: Car { get { _$car } }
/// // private let _$car: Car = Syringe.Injected<Car>(fileID: "App/Garage.swift", line: 3).wrappedValue
/// ```
public struct InjectMacro: AccessorMacro, PeerMacro {
    /// The getter of the property: the private `let` the peer declares.
    ///
    /// ```swift
    /// @Inject var car: Car   // var car: Car { get { _$car } }
    /// ```
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        // The peer role reports the problems: it is expanded also where an accessor cannot be (a `let`).
        guard let reading = InjectReading(node: node, declaration: declaration, context: context),
            reading.problems.isEmpty
        else { return [] }
        return ["get { _$\(raw: reading.name) }"]
    }

    /// The private `let` that holds the dependency, resolved when the owner is initialised; or nothing, and the
    /// problems of the declaration.
    ///
    /// ```swift
    /// @Inject var car: Car   // private let _$car: Car = Syringe.Injected<Car>(fileID: …, line: 3).wrappedValue
    /// ```
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let reading = InjectReading(node: node, declaration: declaration, context: context) else { return [] }
        guard reading.problems.isEmpty, let type = reading.type else {
            for problem in reading.problems { context.report(problem) }
            return []
        }
        var arguments: [String] = []
        if let keyPath = reading.keyPath { arguments.append(keyPath.trimmedDescription) }
        if let name = reading.registrationName { arguments.append("name: \(name.trimmedDescription)") }
        arguments.append(context.place(of: declaration))
        let value = "Syringe.Injected<\(type.trimmedDescription)>(\(arguments.joined(separator: ", "))).wrappedValue"
        return ["private let _$\(raw: reading.name): \(type.trimmed) = \(raw: value)"]
    }
}

/// What `@Inject` reads of its property, and every problem found on the way.
struct InjectReading {
    let name: String
    let type: TypeSyntax?
    /// `@Inject(\.api)`.
    let keyPath: ExprSyntax?
    /// `@Inject(name: "rear")`.
    let registrationName: ExprSyntax?
    private(set) var problems: [Problem] = []

    /// `nil` when the attribute is not on a property (the compiler says so).
    init?(node: AttributeSyntax, declaration: some DeclSyntaxProtocol, context: some MacroExpansionContext) {
        guard let variable = declaration.as(VariableDeclSyntax.self) else { return nil }
        var keyPath: ExprSyntax?
        var registrationName: ExprSyntax?
        for argument in node.argumentList {
            if argument.label == nil { keyPath = argument.expression }
            if argument.label?.text == "name" { registrationName = argument.expression }
        }
        self.keyPath = keyPath
        self.registrationName = registrationName
        let binding = variable.bindings.first
        name = binding?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? "_"
        type = binding?.typeAnnotation?.type
        checkPlace(of: variable, context: context)
        checkDeclaration(variable, binding: binding)
    }

    private mutating func checkPlace(of variable: VariableDeclSyntax, context: some MacroExpansionContext) {
        let owner = context.lexicalContext.first
        guard let owner,
            owner.is(ClassDeclSyntax.self) || owner.is(StructDeclSyntax.self) || owner.is(ActorDeclSyntax.self)
        else {
            problems.append(
                Problem(
                    variable.bindingSpecifier, "notInType",
                    "@Inject stores its dependency: declare the property in the body of a class, struct or actor"))
            return
        }
        guard let observable = owner.as(ClassDeclSyntax.self),
            observable.attributes.attribute(named: "Observable") != nil
        else { return }
        let names = variable.attributes.map { $0.as(AttributeSyntax.self).map(\.attributeName.trimmedDescription) }
        let inject = names.firstIndex { $0 == "Inject" || $0 == "SyringeMacros.Inject" }
        let ignored = names.firstIndex { $0 == "ObservationIgnored" || $0 == "Observation.ObservationIgnored" }
        if let inject, let ignored, ignored > inject { return }
        let message =
            ignored == nil
            ? "in an @Observable class, write @ObservationIgnored after @Inject: @Observable turns every stored 'var' "
                + "into a tracked property before @Inject can make it a getter (a dependency is not state)"
            : "write @ObservationIgnored after @Inject: the compiler takes the getter from the first accessor macro"
        problems.append(
            Problem(
                variable.bindingSpecifier, "observable", message,
                fixIts: [
                    replacing(
                        variable.attributes, with: variable.attributes.ignoringObservationAfterInject,
                        "write @ObservationIgnored after @Inject")
                ]))
    }

    private mutating func checkDeclaration(_ variable: VariableDeclSyntax, binding: PatternBindingSyntax?) {
        let specifier = variable.bindingSpecifier
        if specifier.tokenKind == .keyword(.let) {
            problems.append(
                Problem(
                    specifier, "let",
                    "@Inject needs a 'var': it turns the property into a getter of the resolved dependency "
                        + "(stored in a private 'let')",
                    fixIts: [replacing(specifier, with: specifier.with(\.tokenKind, .keyword(.var)), "use 'var'")]))
        }
        for keyword in [Keyword.static, .class, .lazy, .weak, .unowned] where variable.modifiers.contains(keyword) {
            problems.append(
                Problem(
                    variable.modifiers, "modifier",
                    "@Inject cannot be '\(keyword)': it resolves one dependency per instance and keeps it strongly"))
        }
        guard let binding, variable.bindings.count == 1, binding.pattern.is(IdentifierPatternSyntax.self) else {
            problems.append(Problem(variable.bindings, "bindings", "@Inject applies to one property at a time"))
            return
        }
        if let value = binding.initializer {
            problems.append(
                Problem(
                    value, "value",
                    "@Inject resolves the value of `\(name)`: a value written here would never be used",
                    fixIts: [replacing(value, with: removed, "remove the value")]))
        }
        if let accessors = binding.accessorBlock {
            problems.append(
                Problem(accessors, "accessors", "@Inject writes the getter of `\(name)`: remove these accessors"))
        }
        if binding.typeAnnotation == nil {
            problems.append(
                Problem(
                    binding.pattern, "type",
                    "@Inject needs the type of `\(name)`: a macro cannot infer it, so write `var \(name): Type`"))
        }
    }
}

extension AttributeListSyntax {
    /// The list with `@ObservationIgnored` right after `@Inject` (and nowhere else).
    var ignoringObservationAfterInject: AttributeListSyntax {
        var elements = filter { element in
            guard case .attribute(let attribute) = element else { return true }
            return !attribute.isNamed("ObservationIgnored")
        }
        guard let first = elements.first,
            let inject = elements.firstIndex(where: { element in
                guard case .attribute(let attribute) = element else { return false }
                return attribute.isNamed("Inject")
            })
        else { return self }
        elements[elements.startIndex] = first.with(\.leadingTrivia, self.first?.leadingTrivia ?? [])
        let trailing = elements[inject].trailingTrivia
        elements[inject] = elements[inject].with(\.trailingTrivia, .space)
        let ignored = AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier("ObservationIgnored")))
        elements.insert(.attribute(ignored.with(\.trailingTrivia, trailing)), at: elements.index(after: inject))
        return elements
    }
}

#endif
