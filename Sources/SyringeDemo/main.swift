import Foundation
import Syringe

// syringe-demo: one small app wired with every idiom of Syringe on one graph.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        USAGE: syringe-demo [--graph [tree|mermaid|dot|json]] [--quiet] [--help]

        Runs a small app wired with Syringe: a weather feature (keys), a login feature (container
        properties and the mapper), a journey tracker (modules), a garage (constructor, setter and
        interface injection) and an API client (components), swaps in mocks the way a test would,
        and shows the errors of deliberate mistakes. It verifies the app's graph before it starts.

        OPTIONS:
          --graph tree   Also print the dependency graph of a resolve of the app's root, as a tree.
          --graph mermaid|dot|json
                         Print only the app's dependency graph (declared edges, and the edges a resolve
                         of the root observes), as a Mermaid flowchart, Graphviz DOT or JSON.
          --quiet        Print nothing; exit 0 when everything works.
          --help         Show this help.
        """)
    exit(0)
}
let graphFormats = ["tree", "mermaid", "dot", "json"]
var graphFormat: String?
var position = 0
while position < arguments.count {
    let argument = arguments[position]
    position += 1
    switch argument {
    case "--quiet":
        continue
    case "--graph":
        graphFormat = "tree"
        if position < arguments.count, graphFormats.contains(arguments[position]) {
            graphFormat = arguments[position]
            position += 1
        }
    default:
        print("syringe-demo: unknown option '\(argument)'. See --help.")
        exit(64)
    }
}

let narrator = Narrator(quiet: arguments.contains("--quiet"))

/// The app's root: one object that depends on every feature.
struct Dashboard: Sendable {
    let car: Car
    let journey: any JourneyService
    let profile: ProfileScreen
    let api: APIClient
}

let app = Container.shared
GarageFeature.install(in: app)
APIFeature.install(in: app)
JourneyFeature.install(in: app, useMocks: false)
app.register(Dashboard.self, using: Dashboard.init)

do {
    // Prove the declared graph before anything is built: every problem at once, or one coverage line.
    let report = try app.verify()
    if let format = graphFormat, format != "tree" {
        let graph = try app.graph(tracing: [Dashboard.self])
        print(format == "mermaid" ? graph.mermaid : format == "dot" ? graph.dot : graph.json, terminator: "")
        exit(0)
    }
    narrator.say("Syringe demo: one app, every idiom, one graph.")
    narrator.say("verify() proved the app's graph before building anything: \(report).")
    await WeatherFeature.run(narrator)
    LoginFeature.run(narrator)
    try JourneyFeature.run(narrator)
    try GarageFeature.run(narrator)
    try APIFeature.run(narrator)
    MistakesFeature.run(narrator)
    if graphFormat == "tree" {
        print("\n== The dependency graph of the app's root (Dashboard) ==")
        print(try app.traceResolution(of: Dashboard.self))
    }
    narrator.say("\nDone.")
} catch {
    print(error)
    exit(1)
}
