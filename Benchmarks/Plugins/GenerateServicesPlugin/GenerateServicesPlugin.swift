// Generates the 1,000 service types of benchmark cases 5 and 6 into the build folder (see
// Plugins/GenerateServices), so no generated source is committed and none can go stale.

import Foundation
import PackagePlugin

@main
struct GenerateServicesPlugin: BuildToolPlugin {
    /// How many service types cases 5 and 6 register.
    static let count = 1_000

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated\(Self.count).swift")
        return [
            .buildCommand(
                displayName: "Generating \(Self.count) benchmark services for \(target.name)",
                executable: try context.tool(named: "GenerateServices").url,
                arguments: [String(Self.count), output.path(percentEncoded: false)],
                outputFiles: [output]
            )
        ]
    }
}
