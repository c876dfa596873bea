import DICore
import DILifetime
import Testing

/// A class type that is not a lone component of its container (several components, or one
/// exposed as it) is resolved as the type's own resolve does: a kept instance read again, any
/// other built each time.
@Suite struct ObjectResolveTests {
    @Test(arguments: [DIReferencePolicy.strong, .weak])
    func aClassWithSeveralComponentsKeepsItsPrimarysInstance(policy: DIReferencePolicy) throws {
        let container = DIContainer()
        container.register(Part.init).lifetime(.perContainer(policy))
        container.register(Part.init).named("other")
        let part = try container.resolve(Part.self)
        #expect(try container.resolve(Part.self) === part)
        #expect(try container.resolve(Part.self, name: "other") !== part)
    }

    @Test func aTransientClassWithSeveralComponentsIsBuiltEachTime() throws {
        let container = DIContainer()
        container.register(Part.init)
        container.register(Part.init).named("other")
        #expect(try container.resolve(Part.self) !== container.resolve(Part.self))
    }

    @Test(arguments: [DIReferencePolicy.strong, .weak])
    func aClassExposedAsItsSuperclassKeepsItsInstance(policy: DIReferencePolicy) throws {
        let container = DIContainer()
        container.register(Derived.init).as(Base.self).lifetime(.perContainer(policy))
        let base = try container.resolve(Base.self)
        #expect(base is Derived)
        #expect(try container.resolve(Base.self) === base)
        #expect(try container.resolve(Derived.self) === base)
    }

    @Test func aTransientClassExposedAsItsSuperclassIsBuiltEachTime() throws {
        let container = DIContainer()
        container.register(Derived.init).as(Base.self)
        let base = try container.resolve(Base.self)
        #expect(base is Derived)
        #expect(try container.resolve(Base.self) !== base)
    }

    /// A class-bound existential's component keeps its instance boxed, which the inline read
    /// of a class type's kept instance leaves to the build.
    @Test(arguments: [DIReferencePolicy.strong, .weak])
    func anAnyObjectWithSeveralComponentsKeepsItsInstance(policy: DIReferencePolicy) throws {
        let container = DIContainer()
        container.register { Part() as AnyObject }.lifetime(.perContainer(policy))
        container.register { Part() as AnyObject }.named("other")
        let object = try container.resolve(AnyObject.self)
        #expect(object is Part)
        #expect(try container.resolve(AnyObject.self) === object)
        #expect(try container.resolve(AnyObject.self, name: "other") !== object)
    }

    @Test func aClassWithOnlyNamedComponentsIsNotRegisteredUnnamed() throws {
        let container = DIContainer()
        container.register(Part.init).named("one")
        container.register(Part.init).named("two")
        let error = try #require(throws: DIError.self) { try container.resolve(Part.self) }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains("Part"))
    }
}

private final class Part: Sendable { init() {} }
private class Base: @unchecked Sendable { init() {} }
private final class Derived: Base, @unchecked Sendable {}
