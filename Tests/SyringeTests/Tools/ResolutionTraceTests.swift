import Testing

@testable import Syringe

@Suite("ResolutionTrace")
struct ResolutionTraceTests {
    @Test func tracesTheGraphAsATree() throws {
        let container = Container()
        container.register(Leaf.self, scope: .graph) { Leaf() }
        container.register(Branch.self) { r in Branch(left: try r.resolve(), right: try r.resolve()) }
        container.register((any Engine).self) { V8Engine() }
        container.register((any Transmission).self, scope: .singleton) { ManualTransmission() }
        container.register(Car.self) { r in
            _ = try r.resolve(Branch.self)
            return Car(engine: try r.resolve(), transmission: try r.resolve())
        }
        let trace = try container.traceResolution(of: Car.self)
        #expect(trace.steps.map(\.depth) == [0, 1, 2, 2, 1, 1])
        #expect(trace.steps.map(\.reused) == [false, false, false, true, false, false])
        #expect(
            trace.description == """
                Car (.unique)
                ├─ Branch (.unique)
                │  ├─ Leaf (.graph)
                │  └─ Leaf (.graph, reused)
                ├─ any Engine (.unique)
                └─ any Transmission (.singleton)
                """)
    }

    @Test func tracingChangesNothingInTheContainer() throws {
        let container = Container()
        let runs = Counter()
        container.register(Service.self, scope: .singleton) { Service(id: runs.increment()) }
        _ = try container.traceResolution(of: Service.self)
        #expect(container.instances(of: Any.self).isEmpty)
        #expect(try container.resolve(Service.self).id == 2)  // built anew: the trace's instance is not kept
    }

    @Test func aFailingTraceThrowsTheResolutionError() {
        let error = #expect(throws: ResolutionError.self) { try Container().traceResolution(of: Car.self) }
        #expect(error?.code == .notRegistered)
    }
}
