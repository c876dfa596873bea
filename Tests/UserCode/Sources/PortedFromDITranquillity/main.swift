// A DITranquillity app moved over by the rules of the "Coming from DITranquillity" article:
// one framework of parts, `many` an array parameter, `by(tag:)` `Tagged`, `.test()`
// `.override()`, `injection(cycle: true)` a plain injection, and the screen's view controller
// made outside the container and given its dependencies with `inject(into:)`, its presenter
// taking it back.
import DICore
import DILifetime
import DIModules

func expect(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    if !condition { fatalError("PortedFromDITranquillity: \(message())", line: line) }
}

protocol Counter: AnyObject, Sendable {
    var count: Int { get }
}
final class NewsCounter: Counter {
    let count = 2
    init() {}
}
final class ChatCounter: Counter {
    let count = 3
    init() {}
}
final class BadgeService: Sendable {
    let counters: [any Counter]
    init(counters: [any Counter]) { self.counters = counters }
    var total: Int { counters.reduce(0) { $0 + $1.count } }
}
enum Backup {}
protocol Storage: AnyObject, Sendable {
    var name: String { get }
}
final class DiskStorage: Storage {
    let name: String
    init(name: String) { self.name = name }
}
final class Session: @unchecked Sendable {
    // NB: @unchecked: set by the resolve's injection before the instance is handed out.
    var presenter: Presenter?
    init() {}
}
final class Presenter: Sendable {
    let session: Session
    init(session: Session) { self.session = session }
}
final class SeriesViewController: @unchecked Sendable {
    // NB: @unchecked: set by inject(into:) before the app uses it.
    var badges: BadgeService?
    var storage: (any Storage)?
    var presenter: SeriesPresenter?
}
/// The storyboard idiom: the presenter the view controller's injection builds takes it back.
final class SeriesPresenter: Sendable {
    let view: SeriesViewController
    init(view: SeriesViewController) { self.view = view }
}

enum CountersPart: DIPart {
    static func load(container: DIContainer) {
        container.register(NewsCounter.init).as((any Counter).self)
        container.register(ChatCounter.init).as((any Counter).self)
        // DITranquillity: `c.register { BadgeService(counters: many($0)) }`.
        container.register { (counters: [any Counter]) in BadgeService(counters: counters) }
    }
}
enum StoragePart: DIPart {
    static func load(container: DIContainer) {
        container.register { () -> any Storage in DiskStorage(name: "disk") }.default()
        // DITranquillity: `.as(Storage.self, tag: Backup.self)`.
        container.register { () -> any Storage in DiskStorage(name: "backup") }.tagged(Backup.self)
    }
}
enum SessionPart: DIPart {
    static func load(container: DIContainer) {
        // DITranquillity: `.injection(cycle: true) { $0.presenter = $1 }`.
        container.register(Session.init).lifetime(.perContainer(.strong)).injection(\.presenter)
        container.register(Presenter.init).lifetime(.perContainer(.strong))
    }
}
enum AppFramework: DIFramework {
    static func load(container: DIContainer) {
        container.append(part: CountersPart.self)
        container.append(part: StoragePart.self)
        container.append(part: SessionPart.self)
        container.register(SeriesViewController.self)
            .injection(\.badges)
            .injection { (vc: SeriesViewController, backup: Tagged<Backup, any Storage>) in vc.storage = backup.value }
            // DITranquillity: `.injection { $0.presenter = $1 }.lifetime(.objectGraph)`, the
            // presenter made with the very view controller `inject(into:)` is given.
            .injection { (vc: SeriesViewController, presenter: SeriesPresenter) in vc.presenter = presenter }
            .lifetime(.objectGraph)
        container.register(SeriesPresenter.init)
    }
}

let container = DIContainer()
container.append(framework: AppFramework.self)
let report = container.validate()
expect(report.isValid, "the ported graph validates: \(report)")

let badges: BadgeService = container.resolve()
expect(badges.total == 5, "many became [any Counter]")
let storage: any Storage = container.resolve()
expect(storage.name == "disk", "the default storage")
let session = try container.resolve(Session.self)
expect(session.presenter?.session === session, "the cycle closed")
let fromStoryboard = SeriesViewController()
try container.inject(into: fromStoryboard)
expect(fromStoryboard.storage?.name == "backup" && fromStoryboard.badges != nil, "inject(into:) as DI.injection")
expect(fromStoryboard.presenter?.view === fromStoryboard, "the presenter holds the view controller given to inject(into:)")

// DITranquillity: `.test()` in a test target replaces the component.
final class StubCounter: Counter {
    let count = 100
    init() {}
}
container.register { () -> BadgeService in BadgeService(counters: [StubCounter()]) }.override()
let stubbed: BadgeService = container.resolve()
expect(stubbed.total == 100, ".test() became .override()")
print("PortedFromDITranquillity: ok")
