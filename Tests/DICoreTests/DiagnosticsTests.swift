import DICore
import DIHierarchy
import Testing

private final class Alone { init() {} }
private final class Held { init() {} }
private final class HeldInParent { init() {} }
private final class HeldFirst { init() {} }
private final class HeldSecond { init() {} }

@Suite struct DiagnosticsTests {
    @Test func theTrappingResolveReportsTheCallersLine() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let container = DIContainer()
                let alone: Alone = container.resolve()
                _ = alone
            })
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(text.contains("DICoreTests/DiagnosticsTests.swift:"))
        #expect(!text.contains("DIContainer+Resolve.swift"))
        #expect(text.contains("Alone is not registered"))
    }

    @Test func aPrototypeCycleListsEachStepOnce() throws {
        let container = DIContainer()
        container.register(Ping.init)
        container.register(Pong.init)
        container.register { (ping: Ping) in Parent(child: Child()) }
        let error = try #require(throws: DIError.self) { try container.resolve(Parent.self) }
        #expect(error.code == .cycle)
        #expect(error.cycle.map { String(describing: $0.type) } == ["Ping", "Pong", "Ping"])
        #expect(error.path.map { String(describing: $0.type) } == ["Parent", "Ping", "Pong"])
        let description = error.description
        #expect(description.split(separator: "Pong", omittingEmptySubsequences: false).count - 1 == 2)
    }

    @Test func aMissWhileABuilderIsHeldSaysSo() throws {
        let container = DIContainer()
        var builder: DIComponentBuilder<Held>? = container.register(Held.init)
        builder?.lifetime(.prototype)
        let error = try #require(throws: DIError.self) { try container.resolve(Held.self) }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains("still held"))
        #expect(error.description.contains("DICoreTests/DiagnosticsTests.swift:"))
        builder = nil
        #expect((try? container.resolve(Held.self)) != nil)
        _ = builder
    }

    /// Several builders held at once, released out of order: each miss names only the ones
    /// still held, and each registration takes effect when its own builder goes.
    @Test func severalHeldBuildersAreNamedUntilEachIsReleased() throws {
        let container = DIContainer()
        var first: DIComponentBuilder<HeldFirst>? = container.register(HeldFirst.init)
        var second: DIComponentBuilder<HeldSecond>? = container.register(HeldSecond.init)
        var third: DIComponentBuilder<HeldSecond>? = container.register(HeldSecond.init)
        first = nil
        #expect((try? container.resolve(HeldFirst.self)) != nil)
        let error = try #require(throws: DIError.self) { try container.resolve(HeldSecond.self) }
        #expect(error.description.contains("still held"))
        second = nil
        // One of the two is committed, the other still held: `[T]` lists the one.
        #expect(try container.resolveAll(HeldSecond.self).count == 1)
        third = nil
        #expect(try container.resolveAll(HeldSecond.self).count == 2)
        _ = (first, second, third)
    }

    @Test func theHintLooksAtTheChainOfContainers() throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        var builder: DIComponentBuilder<HeldInParent>? = parent.register(HeldInParent.init)
        let error = try #require(throws: DIError.self) { try child.resolve(HeldInParent.self) }
        #expect(error.description.contains("still held"))
        builder = nil
        #expect((try? child.resolve(HeldInParent.self)) != nil)
        _ = builder
    }

    @Test func aNonConformingExposureNamesItsRegistration() throws {
        let container = DIContainer()
        container.register(Bowl.init).as(Animal.self)
        let error = try #require(throws: DIError.self) { try container.resolve(Animal.self) }
        #expect(error.code == .typeMismatch)
        #expect(error.description.contains("Bowl at DICoreTests/DiagnosticsTests.swift:"))
        #expect(error.description.contains("{ $0 }"))
    }

    @Test func validationReportsAnExposureAsAnUnrelatedClass() {
        let container = DIContainer()
        container.register(Bowl.init).as(Cat.self)
        container.register { Point(x: 1, y: 2) }.as(Dog.self)
        container.register(Cat.init).as(Animal.self).as(AnyObject.self)
        let findings = container.validate().errors.filter { $0.kind == .impossibleExposure }
        #expect(findings.count == 2)
        #expect(findings.first?.description.contains("Bowl") == true)
        #expect(findings.first?.description.contains("DICoreTests/DiagnosticsTests.swift:") == true)
    }

    @Test func aCheckedExposureConverts() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self) { $0 }
        #expect(try container.resolve(Animal.self).sound == "meow")
        #expect(try container.resolveAll(Animal.self).count == 1)
    }
}
