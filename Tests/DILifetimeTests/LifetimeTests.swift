import DICore
import DILifetime
import Synchronization
import TestSupport
import Testing

@Suite struct PerContainerTests {
    @Test(arguments: [DIReferencePolicy.strong, .weak])
    func oneInstancePerContainer(policy: DIReferencePolicy) throws {
        let first = DIContainer()
        let second = DIContainer()
        for container in [first, second] {
            container.register(Cat.init).lifetime(.perContainer(policy))
        }
        let cat = try first.resolve(Cat.self)
        #expect(try first.resolve(Cat.self) === cat)
        #expect(try second.resolve(Cat.self) !== cat)
    }

    @Test func strongKeepsTheInstanceWhenTheAppLetsGo() throws {
        let container = DIContainer()
        container.register(Cat.init).lifetime(.perContainer(.strong))
        weak var weakCat: Cat?
        let id: ObjectIdentifier
        do {
            let cat = try container.resolve(Cat.self)
            weakCat = cat
            id = ObjectIdentifier(cat)
        }
        #expect(weakCat != nil)
        #expect(ObjectIdentifier(try container.resolve(Cat.self)) == id)
    }

    @Test func weakReleasesTheInstanceWhenTheAppLetsGo() throws {
        let container = DIContainer()
        let made = Counter()
        container.register { () -> Cat in
            made.increment(); return Cat()
        }.lifetime(.perContainer(.weak))
        weak var weakCat: Cat?
        do {
            let cat = try container.resolve(Cat.self)
            weakCat = cat
            #expect(try container.resolve(Cat.self) === cat)
        }
        #expect(weakCat == nil)
        _ = try container.resolve(Cat.self)
        #expect(made.count == 2)
    }

    @Test func cleanDropsEveryInstanceTheLibraryHolds() throws {
        let container = DIContainer()
        container.register(Cat.init).lifetime(.perContainer(.strong))
        weak var weakCat: Cat?
        let first = ObjectIdentifier(try container.resolve(Cat.self))
        weakCat = try container.resolve(Cat.self)
        container.clean()
        #expect(weakCat == nil)
        #expect(ObjectIdentifier(try container.resolve(Cat.self)) != first || weakCat == nil)
    }
}

@Suite struct PerRunTests {
    @Test func oneSiteSharedByTwoContainersIsOneInstance() throws {
        let counter = Counter()
        let first = DIContainer()
        let second = DIContainer()
        registerSharedComponent(in: first, counter: counter)
        registerSharedComponent(in: second, counter: counter)
        #expect(try first.resolve(Bowl.self) === second.resolve(Bowl.self))
        #expect(counter.count == 1)
    }

    @Test func twoSitesForOneTypeAreTwoInstances() throws {
        let first = DIContainer()
        let second = DIContainer()
        first.register(Cat.init).lifetime(.perRun(.strong))
        second.register(Cat.init).lifetime(.perRun(.strong))
        #expect(try first.resolve(Cat.self) !== second.resolve(Cat.self))
    }

    @Test func weakPerRunIsRemadeAfterRelease() throws {
        let container = DIContainer()
        container.register(Cat.init).lifetime(.perRun(.weak))
        weak var weakCat: Cat?
        do {
            let cat = try container.resolve(Cat.self)
            weakCat = cat
            #expect(try container.resolve(Cat.self) === cat)
        }
        #expect(weakCat == nil)
        #expect(try container.resolve(Cat.self) !== weakCat)
    }

    @Test func weakValueTypeIsMadeAnewEveryTime() throws {
        let container = DIContainer()
        let made = Counter()
        container.register { () -> Settings in
            made.increment(); return Settings()
        }.lifetime(.perContainer(.weak))
        _ = try container.resolve(Settings.self)
        _ = try container.resolve(Settings.self)
        #expect(made.count == 2)
    }

    // Issue 25, point 11: `.weak` was decided by the static type, so a protocol-typed
    // component whose instances are objects kept nothing.
    @Test(arguments: [true, false])
    func weakProtocolTypedClassInstanceIsKept(perRun: Bool) throws {
        let container = DIContainer()
        let made = Counter()
        container.register(line: perRun ? freshWeakLine() : 1) { () -> any Animal in
            made.increment(); return Kitten()
        }
        .lifetime(perRun ? .perRun(.weak) : .perContainer(.weak))
        weak var released: Kitten?
        do {
            let animal = try container.resolve((any Animal).self)
            released = animal as? Kitten
            #expect(try container.resolve((any Animal).self) as? Kitten === animal as? Kitten)
            #expect(made.count == 1, "kept while the app holds it")
        }
        #expect(released == nil, "not kept once the app lets go")
        _ = try container.resolve((any Animal).self)
        #expect(made.count == 2)
    }

    @Test func weakProtocolTypedValueIsMadeAnewEveryTime() throws {
        let container = DIContainer()
        let made = Counter()
        container.register { () -> any Animal in
            made.increment(); return Puppy()
        }.lifetime(.perContainer(.weak))
        _ = try container.resolve((any Animal).self)
        _ = try container.resolve((any Animal).self)
        #expect(made.count == 2)
    }

    @Test func strongValueTypeIsMadeOnce() throws {
        let container = DIContainer()
        let made = Counter()
        container.register { () -> Settings in
            made.increment(); return Settings(value: 7)
        }.lifetime(.perContainer(.strong))
        #expect(try container.resolve(Settings.self).value == 7)
        #expect(try container.resolve(Settings.self).value == 7)
        #expect(made.count == 1)
    }
}

@Suite struct SingleTests {
    @Test func initializeSingletonObjectsMakesThemOnce() throws {
        let container = DIContainer()
        let made = Counter()
        container.register { () -> Cat in
            made.increment(); return Cat()
        }.lifetime(.single)
        #expect(made.count == 0)
        #expect(container.initializeSingletonObjects().isEmpty)
        #expect(made.count == 1)
        container.initializeSingletonObjects()
        #expect(made.count == 1)
        #expect(try container.resolve(Cat.self) === container.resolve(Cat.self))
        #expect(made.count == 1)
    }

    @Test func withoutInitializationSingleIsPerRunStrong() throws {
        let container = DIContainer()
        let made = Counter()
        container.register { () -> Cat in
            made.increment(); return Cat()
        }.lifetime(.single)
        let cat = try container.resolve(Cat.self)
        #expect(made.count == 1)
        #expect(try container.resolve(Cat.self) === cat)
    }

    @Test func initializeSingletonObjectsReportsFailures() {
        let container = DIContainer()
        container.register { (bowl: Bowl) in Cat() }.lifetime(.single)
        let errors = container.initializeSingletonObjects()
        #expect(errors.map(\.code) == [.notRegistered])
    }
}

@Suite struct ObjectGraphTests {
    @Test func sharedWithinOneResolveNewForTheNext() throws {
        let container = DIContainer()
        container.register(Root.init)
        container.register(Left.init)
        container.register(Right.init)
        container.register(Shared.init).lifetime(.objectGraph)
        let root = try container.resolve(Root.self)
        #expect(root.left.shared === root.right.shared)
        let other = try container.resolve(Root.self)
        #expect(other.left.shared !== root.left.shared)
    }

    @Test func prototypeIsNotSharedWithinOneResolve() throws {
        let container = DIContainer()
        container.register(Root.init)
        container.register(Left.init)
        container.register(Right.init)
        container.register(Shared.init)
        let root = try container.resolve(Root.self)
        #expect(root.left.shared !== root.right.shared)
    }

    @Test func closesACycleWithPropertyInjection() throws {
        let container = DIContainer()
        container.register(A.init).lifetime(.objectGraph)
        container.register(B.init).injection(\.a)
        let a = try container.resolve(A.self)
        #expect(a.b.a === a)
    }

    @Test func startingACycleFromPrototypeWorksButMakesAnotherInstance() throws {
        let container = DIContainer()
        container.register(A.init).lifetime(.objectGraph)
        container.register(B.init).injection(\.a)
        let b = try container.resolve(B.self)
        let a = try #require(b.a)
        #expect(a.b !== b)
        #expect(a.b.a === a)
    }

    @Test(arguments: [DIComponentLifetime.perContainer(.strong), .perRun(.strong), .objectGraph])
    func cachedLifetimesCloseCycles(lifetime: DIComponentLifetime) throws {
        let container = DIContainer()
        container.register(A.init).lifetime(lifetime)
        container.register(B.init).injection(\.a)
        let a = try container.resolve(A.self)
        #expect(a.b.a === a)
    }

    @Test func initializerCycleThroughCachedComponentsIsAnErrorNotADeadlock() throws {
        final class P { init(q: Q) {} }
        final class Q { init(p: P) {} }
        let container = DIContainer()
        container.register(P.init).lifetime(.perContainer(.strong))
        container.register(Q.init).lifetime(.perContainer(.strong))
        let error = try #require(throws: DIError.self) { try container.resolve(P.self) }
        #expect(error.code == .cycle)
    }

    /// The resolve claims `P`'s build before it has a session, and makes its session while
    /// building it (the second instance it shares within the resolve): its claim of `P`
    /// again, inside `Z`, is still its own (a cycle), not another resolve's build to wait for
    /// forever.
    @Test(.timeLimit(.minutes(1)))
    func cycleClosedAfterTheResolveMadeItsSessionIsAnErrorNotADeadlock() throws {
        final class X { init() {} }
        final class Y { init() {} }
        final class Z { init(p: P) {} }
        final class P { init(x: X, y: Y, z: Z) {} }
        let container = DIContainer()
        container.register(P.init).lifetime(.perContainer(.strong))
        container.register(X.init).lifetime(.objectGraph)
        container.register(Y.init).lifetime(.objectGraph)
        container.register(Z.init)
        let error = try #require(throws: DIError.self) { try container.resolve(P.self) }
        #expect(error.code == .cycle)
        // The resolve has ended its place in the gate: the next one builds again, and fails
        // the same way, rather than waiting.
        let again = try #require(throws: DIError.self) { try container.resolve(P.self) }
        #expect(again.code == .cycle)
    }
}

private protocol Animal: Sendable {}
private final class Kitten: Animal {}
private struct Puppy: Animal {}

/// A fresh registration line per call: `.perRun` instances are per site, for the process.
private let nextWeakLine = Atomic<UInt>(200_000)
private func freshWeakLine() -> UInt { nextWeakLine.wrappingAdd(1, ordering: .relaxed).oldValue }
