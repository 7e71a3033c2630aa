#if Macros
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin of `SyringeMacros`: the implementations of `@Injectable`, `@Inject` and
/// `@InjectionConsumer`.
@main
struct SyringeMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [InjectableMacro.self, InjectMacro.self, InjectionConsumerMacro.self]
}
#else
/// Without the trait "Macros" the plugin is an empty program: nothing of swift-syntax is built.
@main
enum SyringeMacrosPlugin {
    static func main() {}
}
#endif
