import DICore
import DIModules
import Testing

@Suite struct OriginTests {
    @Test func partInsideFrameworkBelongsToBoth() throws {
        let container = DIContainer()
        container.append(framework: FrameworkA.self)
        let origin = try #require(container.component(of: StorageA.self)?.attribute(ComponentOrigin.self))
        #expect(origin.part == ObjectIdentifier(StorageAPart.self))
        #expect(origin.framework == ObjectIdentifier(FrameworkA.self))
        #expect(origin.partName == String(reflecting: StorageAPart.self))
        #expect(origin.frameworkName == String(reflecting: FrameworkA.self))
    }

    @Test func frameworksOwnRegistrationHasNoPart() throws {
        let container = DIContainer()
        container.append(framework: FrameworkA.self)
        let origin = try #require(container.component(of: ConsumerA.self)?.attribute(ComponentOrigin.self))
        #expect(origin.part == nil)
        #expect(origin.framework == ObjectIdentifier(FrameworkA.self))
    }

    @Test func partOutsideFrameworkHasNoFramework() throws {
        let container = DIContainer()
        container.append(part: LoosePart.self)
        let origin = try #require(container.component(of: ConsumerLoose.self)?.attribute(ComponentOrigin.self))
        #expect(origin.part == ObjectIdentifier(LoosePart.self))
        #expect(origin.framework == nil)
        #expect(origin.originDescription == "part \(String(reflecting: LoosePart.self))")
    }

    @Test func frameworkAppendedInsideAnotherIsItsOwn() throws {
        let container = DIContainer()
        container.append(framework: FrameworkG.self)
        let inner = try #require(container.component(of: ConsumerH.self)?.attribute(ComponentOrigin.self))
        let outer = try #require(container.component(of: ConsumerG.self)?.attribute(ComponentOrigin.self))
        #expect(inner.framework == ObjectIdentifier(FrameworkH.self))
        #expect(outer.framework == ObjectIdentifier(FrameworkG.self))
    }

    @Test func registrationsOutsideAnyLoadHaveNoOrigin() throws {
        let container = DIContainer()
        container.append(framework: FrameworkB.self)
        container.register(StorageA.init)
        let component = try #require(container.component(of: StorageA.self))
        #expect(component.attribute(ComponentOrigin.self) == nil)
        #expect(component.info.origin == nil)
    }

    @Test func componentInfoNamesPartAndFramework() throws {
        let container = DIContainer()
        container.append(framework: FrameworkA.self)
        let info = try #require(container.component(of: StorageA.self)?.info)
        let expected = "framework \(String(reflecting: FrameworkA.self)), part \(String(reflecting: StorageAPart.self))"
        #expect(info.origin == expected)
        #expect(info.description.hasSuffix("[\(expected)]"))
    }
}
