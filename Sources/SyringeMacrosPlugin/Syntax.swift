#if Macros
import SwiftSyntax
import SwiftSyntaxMacros

extension MacroExpansionContext {
    /// `fileID: "Module/File.swift", line: 12` for `node`: the place a generated resolve or registration
    /// reports, written out (magic literals in generated code would name the generated buffer).
    func place(of node: some SyntaxProtocol) -> String {
        guard let location = location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID) else {
            return "fileID: #fileID, line: #line"
        }
        return "fileID: \(location.file.trimmedDescription), line: \(location.line.trimmedDescription)"
    }
}

extension AttributeListSyntax {
    /// The attribute named `name` (or `Module.name`), if the list has one.
    func attribute(named name: String) -> AttributeSyntax? {
        for case .attribute(let attribute) in self where attribute.isNamed(name) { return attribute }
        return nil
    }
}

extension AttributeSyntax {
    /// Whether the attribute is `@name` or `@Module.name`.
    func isNamed(_ name: String) -> Bool {
        if let identifier = attributeName.as(IdentifierTypeSyntax.self) { return identifier.name.text == name }
        if let member = attributeName.as(MemberTypeSyntax.self) { return member.name.text == name }
        return false
    }

    /// The arguments, labelled or not.
    var argumentList: LabeledExprListSyntax {
        if case .argumentList(let list) = arguments { return list }
        return []
    }
}

extension DeclModifierListSyntax {
    /// Whether the list has the keyword `keyword`.
    func contains(_ keyword: Keyword) -> Bool {
        contains { $0.name.tokenKind == .keyword(keyword) }
    }

    /// The access modifier a member that witnesses a requirement of the type's conformance needs: `public`
    /// for a public or open type, `package` for a package one, none (internal or less) otherwise.
    var witnessAccess: String {
        if contains(.public) || contains(.open) { return "public " }
        if contains(.package) { return "package " }
        return ""
    }
}

extension TypeSyntax {
    /// The type as an expression of its metatype: `Car.self`, `(any Engine).self`.
    var metatype: String {
        let text = trimmedDescription
        if self.is(IdentifierTypeSyntax.self) || self.is(MemberTypeSyntax.self) || self.is(OptionalTypeSyntax.self)
            || self.is(ArrayTypeSyntax.self) || self.is(DictionaryTypeSyntax.self)
        {
            return "\(text).self"
        }
        return "(\(text)).self"
    }

    /// The type without `@escaping` and `@autoclosure`, which only a parameter may carry.
    var withoutParameterAttributes: TypeSyntax {
        guard let attributed = self.as(AttributedTypeSyntax.self) else { return self }
        let kept = attributed.attributes.filter { element in
            guard case .attribute(let attribute) = element else { return true }
            return !attribute.isNamed("escaping") && !attribute.isNamed("autoclosure")
        }
        if kept.isEmpty, attributed.specifiers.isEmpty { return attributed.baseType.trimmed }
        return TypeSyntax(attributed.with(\.attributes, kept)).trimmed
    }
}

/// Nothing: what a fix-it puts instead of a value (`= …`) it removes.
let removed = InitializerClauseSyntax(
    equal: .equalToken(presence: .missing), value: DeclReferenceExprSyntax(baseName: .identifier("")))

extension ExprSyntax {
    /// The text of a string literal without interpolation, else `nil`.
    var stringLiteral: String? {
        self.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }
}
#endif
