import DICore
import Testing

private final class Marker: Sendable { init() {} }

/// A top-level resolve of a class type runs the build compiled once for every type, which
/// hands the instance over as one object reference; any other type keeps its own build.
@Suite struct TopLevelResolveTests {
    /// `AnyObject` is not a class type: its components keep their instances boxed, and the
    /// resolve unboxes them (`DIContainer.isObjectReference(_:)`), from a lifetime's strategy
    /// as from a `.prototype` build.
    @Test func anyObjectComponentResolvesToItsInstance() throws {
        let container = DIContainer()
        container.register { Marker() as AnyObject }.lifetime(.fakePerContainer())
        #expect(try container.resolve(AnyObject.self) is Marker)
        let transient = DIContainer()
        transient.register { Marker() as AnyObject }
        #expect(try transient.resolve(AnyObject.self) is Marker)
    }

    /// A class exposed as its superclass is built through the exposure's conversion.
    @Test func classExposedAsItsSuperclassResolves() throws {
        let container = DIContainer()
        container.register(Sub.init).as(Base.self).lifetime(.fakePerContainer())
        #expect(try container.resolve(Base.self) is Sub)
    }
}

private class Base: @unchecked Sendable { init() {} }
private final class Sub: Base, @unchecked Sendable {}
