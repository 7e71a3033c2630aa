import Foundation
import Syringe

// syringe-demo: one small app wired with every idiom of Syringe on one graph.

let arguments = Set(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print("""
        USAGE: syringe-demo [--graph] [--quiet] [--help]

        Runs a small app wired with Syringe: a weather feature (keys), a login feature (container
        properties and the mapper), a journey tracker (modules), a garage (constructor, setter and
        interface injection) and an API client (components), swaps in mocks the way a test would,
        and shows the errors of two deliberate mistakes.

        OPTIONS:
          --graph   Print the dependency graph the app builds, as a tree.
          --quiet   Print nothing; exit 0 when everything works.
          --help    Show this help.
        """)
    exit(0)
}
for argument in arguments where !["--graph", "--quiet"].contains(argument) {
    print("syringe-demo: unknown option '\(argument)'. See --help.")
    exit(64)
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
app.register(Dashboard.self) { r in
    Dashboard(car: try r.resolve(), journey: try r.resolve(), profile: try r.resolve(), api: try r.resolve())
}

do {
    narrator.say("Syringe demo: one app, every idiom, one graph.")
    await WeatherFeature.run(narrator)
    LoginFeature.run(narrator)
    try JourneyFeature.run(narrator)
    try GarageFeature.run(narrator)
    try APIFeature.run(narrator)
    MistakesFeature.run(narrator)
    if arguments.contains("--graph") {
        print("\n== The dependency graph of the app's root (Dashboard) ==")
        print(try app.traceResolution(of: Dashboard.self))
    }
    narrator.say("\nDone.")
} catch {
    print(error)
    exit(1)
}
