import DICore
import DIHierarchy
import DILifetime
import Synchronization
import Testing

// The awaited doors (`try await resolve`, every `resolveAsync` overload) understand a request
// as the synchronous ones do: the same wrapper shapes, qualifiers and arguments, the same
// first error, and never `.requiresAsync`.

private protocol Handler: AnyObject {
    var context: RequestContext { get }
    var session: Session { get }
}

private final class RequestContext: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

/// What a handler needs that is async in one variant of the graph and not in the other.
private final class Session: Sendable {
    let label: String
    init(label: String) { self.label = label }
}

private final class LoginHandler: Handler {
    let context: RequestContext
    let session: Session
    init(context: RequestContext, session: Session) {
        self.context = context
        self.session = session
    }
}

private final class LogoutHandler: Handler {
    let context: RequestContext
    let session: Session
    init(context: RequestContext, session: Session) {
        self.context = context
        self.session = session
    }
}

private enum Admin {}

private enum AdminName: DIName {
    static let name = "admin"
}

/// A handler that takes its request identifier as an argument of its own.
private final class AuditHandler: Handler {
    let context: RequestContext
    let session: Session
    let level: Int
    init(level: Argument<Int>, session: Session) {
        self.level = level.value
        self.context = RequestContext(id: level.value)
        self.session = session
    }
}

/// A graph of handlers over a `Session`, made by an async factory when `asyncSession`: the
/// synchronous doors answer the other variant, the awaited doors both.
///
/// Unqualified: `LoginHandler` and `LogoutHandler` (both `.as(Handler.self)`), sharing one
/// `.objectGraph` `RequestContext` that takes its identifier as an `Argument`. Named "admin"
/// and tagged `Admin`: `AuditHandler`, which takes an `Argument<Int>` itself.
private func handlers(asyncSession: Bool) -> DIContainer {
    let container = DIContainer()
    if asyncSession {
        container.register { () async -> Session in Session(label: "async") }
        container.register { () async -> Session in Session(label: "admin") }.named("admin").tagged(Admin.self)
    } else {
        container.register { Session(label: "async") }
        container.register { Session(label: "admin") }.named("admin").tagged(Admin.self)
    }
    container.register { (id: Argument<Int>) in RequestContext(id: id.value) }.lifetime(.objectGraph)
    container.register(LoginHandler.init).as(Handler.self)
    container.register(LogoutHandler.init).as(Handler.self)
    container.register(AuditHandler.init).as(Handler.self).named("admin").tagged(Admin.self)
    return container
}

/// What a door answered, in terms both doors can be compared in: the types, the argument
/// each handler saw, whether the handlers share their context, or the error's code.
private func outcome(_ handlers: [any Handler]) -> String {
    let shared = handlers.count > 1 && handlers.dropFirst().allSatisfy { $0.context === handlers[0].context }
    let each = handlers.map { "\(type(of: $0)) \($0.context.id) \($0.session.label)" }
    return each.joined(separator: ", ") + (shared ? " shared" : "")
}

private func outcome(_ handler: (any Handler)?) -> String {
    handler.map { outcome([$0]) } ?? "nil"
}

private func outcome(of body: () throws(DIError) -> String) -> String {
    do {
        return try body()
    } catch {
        return "error \(error.code)"
    }
}

private func outcome(of body: () async throws(DIError) -> String) async -> String {
    do {
        return try await body()
    } catch {
        return "error \(error.code)"
    }
}

/// The value of `lazy`, read by its awaited `resolvedValue()`.
private func awaitedValue<Value>(of lazy: Lazy<Value>) async throws(DIError) -> Value {
    let read: () async throws(DIError) -> Value = lazy.resolvedValue
    return try await read()
}

/// The value of `provider` for `argument`, made by its awaited `resolve(arguments:)`.
private func awaitedValue<Value>(of provider: Provider<Value>, _ argument: Int) async throws(DIError) -> Value {
    try await provider.resolve(arguments: argument)
}

/// The value of `provider`, made by its awaited `resolve()`.
private func awaitedValue<Value>(of provider: Provider<Value>) async throws(DIError) -> Value {
    let make: () async throws(DIError) -> Value = provider.resolve
    return try await make()
}

/// One request through the synchronous door and through the awaited one.
private struct Request: Sendable, CustomTestStringConvertible {
    let name: String
    let synchronous: @Sendable (DIContainer) throws(DIError) -> String
    let awaited: @Sendable (DIContainer) async throws(DIError) -> String
    var testDescription: String { name }
}

private let requests: [Request] = [
    Request(
        name: "[Handler] with an addressed argument",
        synchronous: { c throws(DIError) in outcome(try c.resolve([any Handler].self, arguments: .for(RequestContext.self, 7))) },
        awaited: { c throws(DIError) in outcome(try await c.resolveAsync([any Handler].self, arguments: .for(RequestContext.self, 7))) }),
    Request(
        name: "Handler? with an addressed argument",
        synchronous: { c throws(DIError) in outcome(try c.resolve((any Handler)?.self, arguments: .for(RequestContext.self, 7))) },
        awaited: { c throws(DIError) in outcome(try await c.resolveAsync((any Handler)?.self, arguments: .for(RequestContext.self, 7))) }),
    Request(
        name: "[Handler] named with a positional argument",
        synchronous: { c throws(DIError) in outcome(try c.resolve([any Handler].self, name: "admin", arguments: 3)) },
        awaited: { c throws(DIError) in outcome(try await c.resolveAsync([any Handler].self, name: "admin", arguments: 3)) }),
    Request(
        name: "Handler? tagged with a positional argument",
        synchronous: { c throws(DIError) in outcome(try c.resolve((any Handler)?.self, tag: Admin.self, arguments: 4)) },
        awaited: { c throws(DIError) in outcome(try await c.resolveAsync((any Handler)?.self, tag: Admin.self, arguments: 4)) }),
    Request(
        name: "[Handler] named, without its argument",
        synchronous: { c throws(DIError) in outcome(try c.resolve([any Handler].self, name: "admin")) },
        awaited: { c throws(DIError) in outcome(try await c.resolveAsync([any Handler].self, name: "admin")) }),
    Request(
        name: "[Handler] tagged, with a positional argument",
        synchronous: { c throws(DIError) in outcome(try c.resolve([any Handler].self, tag: Admin.self, arguments: 5)) },
        awaited: { c throws(DIError) in outcome(try await c.resolveAsync([any Handler].self, tag: Admin.self, arguments: 5)) }),
    Request(
        name: "Handler? named a name nobody has",
        synchronous: { c throws(DIError) in outcome(try c.resolve((any Handler)?.self, name: "nobody")) },
        awaited: { c throws(DIError) in outcome(try await c.resolveAsync((any Handler)?.self, name: "nobody")) }),
    Request(
        name: "[Session] named by a DIName",
        synchronous: { c throws(DIError) in try c.resolve([Session].self, named: AdminName.self).map(\.label).description },
        awaited: { c throws(DIError) in try await c.resolveAsync([Session].self, named: AdminName.self).map(\.label).description }),
    Request(
        name: "Session? with every tag given",
        synchronous: { c throws(DIError) in try c.resolve(Session?.self, tags: Admin.self)?.label ?? "nil" },
        awaited: { c throws(DIError) in try await c.resolveAsync(Session?.self, tags: Admin.self)?.label ?? "nil" }),
    Request(
        name: "[Handler] with a positional argument each",
        synchronous: { c throws(DIError) in outcome(try c.resolve([any Handler].self, arguments: 6)) },
        awaited: { c throws(DIError) in outcome(try await c.resolveAsync([any Handler].self, arguments: 6)) }),
    Request(
        name: "[Handler] with an argument addressed to a type nobody registers",
        synchronous: { c throws(DIError) in outcome(try c.resolve([any Handler].self, arguments: .for(Admin.self, 1))) },
        awaited: { c throws(DIError) in outcome(try await c.resolveAsync([any Handler].self, arguments: .for(Admin.self, 1))) }),
    Request(
        name: "Lazy<[Handler]> tagged, read awaited",
        synchronous: { c throws(DIError) in outcome(try c.resolve(Lazy<[any Handler]>.self, tag: Admin.self).resolvedValue()) },
        awaited: { c throws(DIError) in outcome(try await awaitedValue(of: c.resolveAsync(Lazy<[any Handler]>.self, tag: Admin.self))) }),
    Request(
        name: "Provider<Handler?> named, called awaited",
        synchronous: { c throws(DIError) in outcome(try c.resolve(Provider<(any Handler)?>.self, name: "admin").resolve(arguments: 8)) },
        awaited: { c throws(DIError) in
            outcome(try await awaitedValue(of: c.resolveAsync(Provider<(any Handler)?>.self, name: "admin"), 8))
        }),
    Request(
        name: "[Lazy<Handler>] with an addressed argument",
        synchronous: { c throws(DIError) in
            outcome(
                try c.resolve([Lazy<any Handler>].self, arguments: .for(RequestContext.self, 9)).map { (lazy) throws(DIError) in
                    try lazy.resolvedValue()
                })
        },
        awaited: { c throws(DIError) in
            var values: [any Handler] = []
            for lazy in try await c.resolveAsync([Lazy<any Handler>].self, arguments: .for(RequestContext.self, 9)) {
                values.append(try await awaitedValue(of: lazy))
            }
            return outcome(values)
        }),
]

@Suite struct AwaitedDoorsTests {

    /// 24.3: a qualified or argument request for `[T]`, `T?` or a wrapper answers through the
    /// awaited door as through the synchronous one, also when the graph has an async factory.
    @Test(arguments: requests)
    fileprivate func awaitedDoorAgreesWithTheSynchronousOne(request: Request) async throws {
        let synchronous = outcome { () throws(DIError) -> String in try request.synchronous(handlers(asyncSession: false)) }
        let awaitedWithoutAsync = await outcome { () async throws(DIError) -> String in
            try await request.awaited(handlers(asyncSession: false))
        }
        let awaitedWithAsync = await outcome { () async throws(DIError) -> String in
            try await request.awaited(handlers(asyncSession: true))
        }
        #expect(awaitedWithoutAsync == synchronous)
        #expect(awaitedWithAsync == synchronous)
        #expect(!awaitedWithAsync.contains("requiresAsync"))
    }

    /// Every awaited overload opens a `[T]`, `T?`, `Lazy` or `Provider` request, with a name,
    /// a tag, positional and addressed arguments.
    @Test func everyAwaitedOverloadOpensWrappers() async throws {
        let container = handlers(asyncSession: true)
        let all = try await container.resolveAsync(
            [any Handler].self, arguments: .for(RequestContext.self, 1), .for(AuditHandler.self, 0))
        #expect(outcome(all) == "LoginHandler 1 async, LogoutHandler 1 async, AuditHandler 0 async")
        #expect(try await container.resolve(Session?.self)?.label == "async")
        #expect(try await container.resolveAsync([Session].self).map(\.label) == ["async", "admin"])
        let named = try await container.resolveAsync([any Handler].self, name: "admin", arguments: 2)
        #expect(outcome(named) == "AuditHandler 2 async")
        let tagged = try await container.resolveAsync((any Handler)?.self, tag: Admin.self, arguments: 3)
        #expect(outcome(tagged) == "AuditHandler 3 async")
        let positional = try await container.resolveAsync([AuditHandler].self, arguments: 4)
        #expect(outcome(positional) == "AuditHandler 4 async")
        let lazy = try await container.resolveAsync(Lazy<(any Handler)?>.self, name: "admin")
        #expect(!lazy.isResolved)
        let provider = try await container.resolveAsync(Provider<[any Handler]>.self, tag: Admin.self)
        #expect(outcome(try await awaitedValue(of: provider, 5)) == "AuditHandler 5 async")
        let optionalLazy = try await container.resolveAsync(Lazy<[any Handler]>?.self, tag: Admin.self)
        #expect(optionalLazy != nil)
        let byKey = try await container.resolveAsync([Session].self, named: AdminName.self)
        #expect(byKey.map(\.label) == ["admin"])
        let byTags = try await container.resolveAsync(Provider<Session?>.self, tags: Admin.self)
        #expect(try await awaitedValue(of: byTags)?.label == "admin")
        let missing = await outcome { () async throws(DIError) -> String in
            outcome(try await container.resolveAsync((any Handler)?.self, tag: Session.self))
        }
        #expect(missing == "nil")
    }
}

// MARK: - 24.5: an injection's `Argument` is an argument of its component

private final class Box: Sendable {
    let base: Int
    let extra = Protected(0)
    init(base: Int) { self.base = base }
}

private final class Shelf {
    let box: Box
    init(box: Box) { self.box = box }
}

/// `Box` takes one `Argument` in its factory and one in its injection.
private func boxes(asyncInjection: Bool = false, lifetime: DIComponentLifetime = .prototype) -> DIContainer {
    let container = DIContainer()
    let builder = container.register { (base: Argument<Int>) in Box(base: base.value) }.lifetime(lifetime)
    if asyncInjection {
        builder.injection { (box: Box, extra: Argument<Int>) async in box.extra.withLock { $0 = extra.value } }
    } else {
        builder.injection { (box: Box, extra: Argument<Int>) in box.extra.withLock { $0 = extra.value } }
    }
    container.register(Shelf.init)
    return container
}

@Suite struct InjectionArgumentTests {
    @Test(arguments: [DIComponentLifetime.prototype, .objectGraph, .perContainer(.strong), .perContainer(.weak)])
    func theFactorysArgumentsComeFirstThenTheInjections(lifetime: DIComponentLifetime) throws {
        let box = try boxes(lifetime: lifetime).resolve(Box.self, arguments: 1, 2)
        #expect(box.base == 1)
        #expect(box.extra.withLock { $0 } == 2)
        let addressed = try boxes(lifetime: lifetime).resolve(Shelf.self, arguments: .for(Box.self, 3, 4)).box
        #expect(addressed.base == 3)
        #expect(addressed.extra.withLock { $0 } == 4)
        // Built by the parent's gate, as the parent sees the graph.
        let child = DIContainer(parent: boxes(lifetime: lifetime))
        let throughChild = try child.resolve(Box.self, arguments: 5, 6)
        #expect(throughChild.base == 5)
        #expect(throughChild.extra.withLock { $0 } == 6)
    }

    /// A resolve joined inside a factory: the injection runs when the outer resolve ends, with
    /// the arguments its build was given.
    @Test func aJoinedResolvesInjectionTakesItsBuildsArguments() throws {
        let container = boxes()
        container.register { (resolver: DIContainer) in Shelf(box: try resolver.resolve(Box.self, arguments: 5, 6)) }
            .named("joined")
        let box = try container.resolve(Shelf.self, name: "joined").box
        #expect(box.base == 5)
        #expect(box.extra.withLock { $0 } == 6)
    }

    @Test func validationDoesNotLookAnInjectionsArgumentUp() {
        let findings = boxes().validate().findings
        #expect(!findings.contains { $0.kind == .missingDependency })
    }

    @Test(arguments: [false, true])
    func theAwaitedDoorsAgree(asyncInjection: Bool) async throws {
        let box = try await boxes(asyncInjection: asyncInjection).resolveAsync(Box.self, arguments: 1, 2)
        #expect(box.base == 1)
        #expect(box.extra.withLock { $0 } == 2)
        let shelf = try await boxes(asyncInjection: asyncInjection).resolveAsync(Shelf.self, arguments: .for(Box.self, 3, 4))
        #expect(shelf.box.base == 3)
        #expect(shelf.box.extra.withLock { $0 } == 4)
    }

    @Test func oneArgumentTooFewOrTooManyNamesTheCountExpected() async throws {
        let tooFew = try #require(throws: DIError.self) { try boxes().resolve(Box.self, arguments: 1) }
        #expect(tooFew.code == .argumentMismatch)
        #expect(tooFew.description.contains("takes 2 Argument parameter(s)"), "\(tooFew)")
        let tooMany = try #require(throws: DIError.self) { try boxes().resolve(Box.self, arguments: 1, 2, 3) }
        #expect(tooMany.code == .argumentMismatch)
        #expect(tooMany.description.contains("takes 2 Argument parameter(s)"), "\(tooMany)")
        let addressedTooFew = try #require(throws: DIError.self) {
            try boxes().resolve(Shelf.self, arguments: .for(Box.self, 1))
        }
        #expect(addressedTooFew.code == .argumentMismatch)
        #expect(addressedTooFew.description.contains("takes 2 Argument parameter(s)"), "\(addressedTooFew)")
        let awaited = await #expect(throws: DIError.self) {
            try await boxes(asyncInjection: true).resolveAsync(Box.self, arguments: 1)
        }
        #expect(awaited?.code == .argumentMismatch)
    }
}

// MARK: - 24.6: one order of checks

private protocol Part: AnyObject {}
private final class Missing: Sendable {}
private final class NeedsArgument: Part {
    init(value: Argument<Int>) {}
}
private final class NeedsMissing: Part, Sendable {
    init(missing: Missing) async {}
}

@Suite struct FirstErrorTests {
    /// The synchronous `[Part]` meets the unmet `Argument` first; so does the awaited one,
    /// though the async branch's missing dependency is met by its preparation.
    @Test func theAwaitedDoorReportsTheErrorTheSynchronousOneMeetsFirst() async throws {
        let container = DIContainer()
        container.register(NeedsArgument.init).as(Part.self)
        container.register(NeedsMissing.init).as(Part.self)
        let synchronous = try #require(throws: DIError.self) { try container.resolve([any Part].self) }
        #expect(synchronous.code == .argumentMismatch)
        let awaited = await #expect(throws: DIError.self) { try await container.resolveAsync([any Part].self) }
        #expect(awaited?.code == .argumentMismatch)
        let awaitedResolve = await #expect(throws: DIError.self) { () async throws(DIError) -> [any Part] in
            try await container.resolve([any Part].self)
        }
        #expect(awaitedResolve?.code == .argumentMismatch)
    }

    /// In the other order the async branch comes first: its own error, never `.requiresAsync`.
    @Test func anAsyncBranchMetFirstGivesItsOwnError() async throws {
        let container = DIContainer()
        container.register(NeedsMissing.init).as(Part.self)
        container.register(NeedsArgument.init).as(Part.self)
        let awaited = await #expect(throws: DIError.self) { try await container.resolveAsync([any Part].self) }
        #expect(awaited?.code == .notRegistered)
        #expect(awaited?.path.map { String(describing: $0.type) } == ["NeedsMissing"])
    }
}

/// An awaited resolve finds what needs an await before it awaits anything: a cycle through an
/// async factory fails before the async factory met earlier in the graph runs.
@Suite struct AwaitedCycleFirstTests {
    private final class Early: Sendable { init() {} }
    private final class LoopA: Sendable {
        init(b: LoopB) {}
    }
    private final class LoopB: Sendable {
        init(a: LoopA) {}
    }
    private final class Root: Sendable {
        init(early: Early, a: LoopA) {}
    }

    /// The awaited doors: the container's two names, and `Lazy`'s and `Provider`'s awaited forms.
    enum Door: String, CaseIterable { case resolveAsync, awaitedResolve, lazy, provider }

    @Test(arguments: Door.allCases)
    func aCycleFailsBeforeAnyAsyncFactoryRuns(door: Door) async throws {
        let earlyRuns = Protected(0)
        let container = DIContainer()
        container.register { () async -> Early in
            earlyRuns.withLock { $0 += 1 }
            return Early()
        }
        container.register(LoopA.init)
        container.register { (a: LoopA) async -> LoopB in LoopB(a: a) }
        container.register(Root.init)
        let error = await #expect(throws: DIError.self) { () async throws(DIError) -> Root in
            switch door {
            case .resolveAsync: try await container.resolveAsync(Root.self)
            case .awaitedResolve: try await container.resolve(Root.self)
            case .lazy: try await container.resolveAsync(Lazy<Root>.self).resolvedValue()
            case .provider: try await container.resolveAsync(Provider<Root>.self).resolve()
            }
        }
        #expect(error?.code == .cycle)
        #expect(earlyRuns.withLock { $0 } == 0)
    }
}

// MARK: - 24.7: an awaited door never answers `.requiresAsync`

private protocol P3 {}
private final class AsyncLeaf: Sendable {
    let owner: String
    init(owner: String) async { self.owner = owner }
}
private final class Middle: Sendable {
    let leaf: AsyncLeaf
    init(leaf: AsyncLeaf) { self.leaf = leaf }
}
/// A value: a `.weak` lifetime keeps none, so each request builds one as the requester sees
/// the graph.
private struct Top: P3 {
    let middle: Middle
}

@Suite struct AwaitedHierarchyTests {
    /// A parent's `.perContainer(.weak)` value component, exposed as `P3`, over an
    /// `.objectGraph` one over an async one, which the grandchild registers too: `[any P3]`
    /// resolves awaited from the grandchild (with its own async component) as from its
    /// ancestors.
    @Test func aGrandchildResolvesAwaitedWhatItsParentDoes() async throws {
        let parent = DIContainer()
        parent.register { () async in await AsyncLeaf(owner: "parent") }
        parent.register(Middle.init).lifetime(.objectGraph)
        parent.register { (middle: Middle) in Top(middle: middle) }.lifetime(.perContainer(.weak)).as(P3.self)
        let child = DIContainer(parent: parent)
        let grandchild = DIContainer(parent: child)
        grandchild.register { () async in await AsyncLeaf(owner: "grandchild") }
        for (container, owner) in [(grandchild, "grandchild"), (child, "parent"), (parent, "parent")] {
            let tops = try await container.resolveAsync([any P3].self)
            #expect(tops.map { ($0 as? Top)?.middle.leaf.owner } == [owner])
            let awaited: [any P3] = try await container.resolve([any P3].self)
            #expect(awaited.map { ($0 as? Top)?.middle.leaf.owner } == [owner])
        }
    }
}
