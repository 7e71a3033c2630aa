extension Container {
    /// Removes every registration of this container (not its parents'), and drops and disposes of the
    /// instances it kept, as re-registering each would. Resolving afterwards finds only the parents'
    /// registrations. Interface injectors (`registerInjector`) stay.
    ///
    /// ```swift
    /// container.removeAll()
    /// let registered = container.isRegistered(Car.self)   // false
    /// ```
    public func removeAll() {
        drop(registry.removeAll())
    }
}
