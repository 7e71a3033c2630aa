#if Macros
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Injectable`: reads the type's designated initializer and writes the `Injectable` conformance that hands
/// it, as a function value, to the registrar: `container.register(Car.self)` is then a declared registration.
///
/// ```swift
/// @Injectable(scope: .singleton, names: ["transmission": "rear"])
/// final class Car { init(engine: any Engine, transmission: any Transmission) { … } }
/// // extension Car: Syringe.Injectable {
/// //     nonisolated static func register(in registrar: Syringe.InjectableRegistrar<Car>) -> … {
/// //         registrar.register(scope: .singleton, parameters: [.resolved, .named("rear")],
/// //                            using: Car.init(engine:transmission:))
/// //     }
/// // }
/// ```
public struct InjectableMacro: ExtensionMacro {
    /// The `Injectable` extension of the type, or nothing (and diagnostics) when its initializer cannot be read.
    ///
    /// ```swift
    /// @Injectable final class Car { init(engine: any Engine) {} }   // extension Car: Syringe.Injectable { … }
    /// ```
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let reading = InjectableReading(node: node, declaration: declaration)
        guard reading.problems.isEmpty, let initializer = reading.initializer else {
            for problem in reading.problems { context.report(problem) }
            return []
        }
        let typeName = type.trimmedDescription
        var arguments: [String] = []
        if let scope = reading.scope { arguments.append("scope: \(scope.trimmedDescription)") }
        if reading.needsParameterList {
            let list = reading.parameters.map(\.source).joined(separator: ", ")
            arguments.append("parameters: [\(list)]")
            let types = reading.parameters.filter(\.isArgument).map(\.type.withoutParameterAttributes.metatype)
            if !types.isEmpty { arguments.append("arguments: " + types.joined(separator: ", ")) }
        }
        arguments.append("using: \(typeName).\(initializer)")
        let access = declaration.modifiers.witnessAccess
        let decl: DeclSyntax = """
            extension \(raw: typeName): Syringe.Injectable {
                \(raw: access)nonisolated static func register(
                    in registrar: Syringe.InjectableRegistrar<\(raw: typeName)>
                ) -> Syringe.Registration<\(raw: typeName)> {
                    registrar.register(\(raw: arguments.joined(separator: ", ")))
                }
            }
            """
        return [decl.cast(ExtensionDeclSyntax.self)]
    }
}

/// What `@Injectable` reads of its type: the macro's arguments, the designated initializer and its parameters,
/// and every problem found on the way.
struct InjectableReading {
    struct Parameter {
        let label: String
        let name: String
        let type: TypeSyntax
        var registrationName: ExprSyntax?
        var isArgument = false

        /// The parameter's `InjectableParameter`.
        var source: String {
            if isArgument { return ".argument" }
            if let registrationName { return ".named(\(registrationName.trimmedDescription))" }
            return ".resolved"
        }
    }

    private(set) var problems: [Problem] = []
    private(set) var scope: ExprSyntax?
    /// `init(engine:transmission:)`, or `init` for an initializer without parameters.
    private(set) var initializer: String?
    private(set) var parameters: [Parameter] = []

    /// Whether a parameter is named or a run-time argument (else the conformance is `using:` itself).
    var needsParameterList: Bool { parameters.contains { $0.isArgument || $0.registrationName != nil } }

    init(node: AttributeSyntax, declaration: some DeclGroupSyntax) {
        guard checkKind(of: declaration, node: node) else { return }
        readInitializer(of: declaration, node: node)
        guard initializer != nil else { return }
        for argument in node.argumentList {
            switch argument.label?.text {
            case "scope": scope = argument.expression
            case "names": readNames(argument.expression)
            case "arguments": readArguments(argument.expression)
            default: break
            }
        }
    }

    // MARK: The type

    /// Reports a type that cannot be injectable, or must change; `false` when there is no initializer to read.
    private mutating func checkKind(of declaration: some DeclGroupSyntax, node: AttributeSyntax) -> Bool {
        if let type = declaration.as(ClassDeclSyntax.self), !type.modifiers.contains(.final) {
            let fixed = type.classKeyword.with(\.tokenKind, .identifier("final class"))
            problems.append(
                Problem(
                    type.classKeyword, "nonFinalClass",
                    "@Injectable needs a final class: a subclass would inherit a conformance that registers "
                        + "`\(type.name.text)`",
                    fixIts: [replacing(type.classKeyword, with: fixed, "make the class final")]))
        } else if !declaration.is(ClassDeclSyntax.self), !declaration.is(StructDeclSyntax.self),
            !declaration.is(EnumDeclSyntax.self), !declaration.is(ActorDeclSyntax.self)
        {
            problems.append(
                Problem(node, "notAType", "@Injectable applies to a final class, a struct, an enum or an actor"))
            return false
        }
        let inherited = declaration.inheritanceClause?.inheritedTypes ?? []
        if let component = inherited.first(where: { $0.type.trimmedDescription.hasSuffix("Component") }),
            ["Component", "Syringe.Component"].contains(component.type.trimmedDescription)
        {
            problems.append(
                Problem(
                    component, "component",
                    "a Component is registered by its init(); @Injectable too would make register(_:) ambiguous: "
                        + "keep one of the two"))
        }
        return true
    }

    // MARK: The initializer

    private mutating func readInitializer(of declaration: some DeclGroupSyntax, node: AttributeSyntax) {
        let initializers = declaration.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
            .filter { !$0.modifiers.contains(.convenience) }
        let typeName = declaration.asProtocol(NamedDeclSyntax.self)?.name.text ?? "the type"
        guard let initializer = initializers.first else {
            if declaration.hasStoredPropertyWithoutValue {
                problems.append(
                    Problem(
                        node, "noInitializer",
                        "`\(typeName)` has no designated initializer for @Injectable to read: declare the one "
                            + "that builds it (a memberwise initializer is not read)"))
            } else {
                initializer = "init"
            }
            return
        }
        guard initializers.count == 1 else {
            let notes = initializers.map {
                Note(node: Syntax($0.initKeyword), message: MacroNote(message: "designated initializer", id: "init"))
            }
            problems.append(
                Problem(
                    node, "severalInitializers",
                    "`\(typeName)` has \(initializers.count) designated initializers and @Injectable reads one: keep "
                        + "that one in the type's body and move the others to an extension (as convenience "
                        + "initializers, for a class)", notes: notes))
            return
        }
        if let mark = initializer.optionalMark {
            problems.append(
                Problem(
                    mark, "failable",
                    "a failable initializer cannot build a registration (it would return nil): make it throw",
                    fixIts: [
                        replacing(
                            mark, with: TokenSyntax(.postfixQuestionMark, presence: .missing), "remove '\(mark.text)'")
                    ]))
        }
        if let generics = initializer.genericParameterClause {
            problems.append(
                Problem(
                    generics, "generic",
                    "a generic initializer is not one function: @Injectable needs its parameter types"))
        }
        var labels = ""
        for parameter in initializer.signature.parameterClause.parameters {
            check(parameter)
            let label = parameter.firstName.text
            let name = (parameter.secondName ?? parameter.firstName).text
            labels += "\(label):"
            parameters.append(Parameter(label: label, name: name, type: parameter.type))
        }
        self.initializer = parameters.isEmpty ? "init" : "init(\(labels))"
    }

    private mutating func check(_ parameter: FunctionParameterSyntax) {
        let name = (parameter.secondName ?? parameter.firstName).text
        if let ellipsis = parameter.ellipsis {
            problems.append(
                Problem(ellipsis, "variadic", "a variadic parameter (`\(name)`) cannot be resolved: take an array"))
        }
        if let attributed = parameter.type.as(AttributedTypeSyntax.self),
            attributed.specifiers.contains(where: { $0.trimmedDescription == "inout" })
        {
            problems.append(Problem(parameter.type, "inout", "an inout parameter (`\(name)`) cannot be resolved"))
        }
        if parameter.type.is(SomeOrAnyTypeSyntax.self), parameter.type.trimmedDescription.hasPrefix("some ") {
            problems.append(
                Problem(
                    parameter.type, "opaque",
                    "an opaque parameter (`\(name)`) is generic: name its type, or `any` of its protocol"))
        }
        if let value = parameter.defaultValue {
            problems.append(
                Problem(
                    value, "defaultValue",
                    "the default value of `\(name)` would never be used: every parameter is resolved (or passed as "
                        + "a run-time argument); remove it, or keep that initializer out of the type's body",
                    fixIts: [replacing(value, with: removed, "remove the default value")]))
        }
    }

    // MARK: Names and arguments

    /// `names: ["transmission": "rear"]`: a registration name per parameter.
    private mutating func readNames(_ expression: ExprSyntax) {
        guard let dictionary = expression.as(DictionaryExprSyntax.self) else {
            problems.append(
                Problem(expression, "namesLiteral", "write the names as a literal: [\"parameter\": \"name\"]"))
            return
        }
        guard case .elements(let elements) = dictionary.content else { return }
        for element in elements {
            guard let index = parameterIndex(element.key) else { continue }
            parameters[index].registrationName = element.value
        }
    }

    /// `arguments: ["name"]`: parameters passed at resolve time, in the initializer's order.
    private mutating func readArguments(_ expression: ExprSyntax) {
        guard let array = expression.as(ArrayExprSyntax.self) else {
            problems.append(Problem(expression, "argumentsLiteral", "write the arguments as a literal: [\"name\"]"))
            return
        }
        var found: [Int] = []
        for element in array.elements {
            guard let index = parameterIndex(element.expression) else { continue }
            if parameters[index].registrationName != nil {
                problems.append(
                    Problem(
                        element.expression, "namedArgument",
                        "`\(parameters[index].name)` is both named and a run-time argument: an argument is passed, "
                            + "never resolved, so it has no registration name"))
            }
            parameters[index].isArgument = true
            found.append(index)
        }
        if found != found.sorted() {
            let order = found.sorted().map { "\"\(parameters[$0].name)\"" }.joined(separator: ", ")
            problems.append(
                Problem(
                    array, "argumentOrder",
                    "list the run-time arguments in the initializer's order, the order resolve(_:arguments:) "
                        + "passes them: [\(order)]"))
        }
    }

    /// The parameter a string literal names (by label or by name), reporting the literal when none does.
    private mutating func parameterIndex(_ expression: ExprSyntax) -> Int? {
        guard let text = expression.stringLiteral else {
            problems.append(
                Problem(expression, "parameterLiteral", "name a parameter of the initializer with a string literal"))
            return nil
        }
        if let index = parameters.firstIndex(where: { $0.label == text || $0.name == text }) { return index }
        let known = parameters.map { "`\($0.name)`" }.joined(separator: ", ")
        problems.append(
            Problem(
                expression, "unknownParameter",
                "`\(initializer ?? "init")` has no parameter `\(text)`"
                    + (known.isEmpty ? ": the registration would take no arguments" : " (it has \(known))")))
        return nil
    }
}

extension DeclGroupSyntax {
    /// Whether an instance stored property has no value (so the type has no implicit `init()`); properties with
    /// attributes (wrappers, macros) are taken to have one.
    var hasStoredPropertyWithoutValue: Bool {
        memberBlock.members.contains { member in
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.attributes.isEmpty,
                !variable.modifiers.contains(.static), !variable.modifiers.contains(.class)
            else { return false }
            return variable.bindings.contains { binding in
                guard binding.initializer == nil, binding.accessorBlock == nil else { return false }
                let optional = binding.typeAnnotation?.type.is(OptionalTypeSyntax.self) == true
                return !(optional && variable.bindingSpecifier.tokenKind == .keyword(.var))
            }
        }
    }
}

#endif
