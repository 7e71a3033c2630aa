extension Resolution {
    /// Resolves every contribution of `Service` as part of the current resolution: for a service built
    /// from a multi-binding.
    ///
    /// ```swift
    /// container.register(PluginHost.self, scope: .singleton) { r in
    ///     PluginHost(plugins: try r.resolveAll((any Plugin).self))
    /// }
    /// ```
    public func resolveAll<Service>(
        _ type: Service.Type = Service.self,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws(ResolutionError) -> [Service] {
        try container.resolveAll(Service.self, fileID: fileID, line: line)
    }
}
