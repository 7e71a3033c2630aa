import Syringe
import SyringeTesting
import Testing

// A strict test as an app writes it: the live-only dependency is reported at the line of the app code that read it.

protocol PaymentsClient {}
final class LivePaymentsClient: PaymentsClient {
    init() {}
}

private struct PaymentsKey: InjectionKey {
    static var defaultValue: any PaymentsClient { LivePaymentsClient() }
    static var isLiveOnly: Bool { true }
}

extension Container {
    var payments: any PaymentsClient { self[PaymentsKey.self] }
}

final class CheckoutViewModel {
    static let paymentsLine = #line + 1
    @Injected(\.payments) var payments
    init() {}
}

@Suite struct AppModeStrictModeTests {
    @Test(.container(strict: true))
    func aStrictTestNamesTheLineThatReadALiveOnlyKey() {
        let line = CheckoutViewModel.paymentsLine
        withKnownIssue {
            _ = CheckoutViewModel()
        } matching: { issue in
            issue.sourceLocation?.fileID == "AppModeTests/StrictModeTests.swift"
                && issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains("read at  AppModeTests/StrictModeTests.swift:") }
        }
    }
}
