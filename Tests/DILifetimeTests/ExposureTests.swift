import DICore
import DILifetime
import Synchronization
import Testing

/// A component exposed as a protocol: a kept instance is read and converted inline
/// (`Candidate.cachedInstance()`), a new one built by the exposure's own top-level build.
@Suite struct ExposureTests {
    @Test(arguments: [DIReferencePolicy.strong, .weak])
    func aKeptInstanceIsTheComponentsInstance(policy: DIReferencePolicy) throws {
        let container = DIContainer()
        let made = Atomic(0)
        container.register { () -> Meter in
            made.add(1, ordering: .relaxed)
            return Meter()
        }
        .as(Gauge.self)
        .lifetime(.perContainer(policy))
        let gauge = try container.resolve(Gauge.self)
        #expect(try container.resolve(Gauge.self) === gauge)
        #expect(try container.resolve(Meter.self) === gauge)
        #expect(made.load(ordering: .relaxed) == 1)
    }

    @Test func aSingleInstanceIsReadThroughEitherForm() throws {
        let container = DIContainer()
        container.register(Meter.init).as(Gauge.self).as(Dial.self) { $0 }.lifetime(.single)
        let meter = try container.resolve(Meter.self)
        #expect(try container.resolve(Gauge.self) === meter)
        #expect(try container.resolve(Dial.self) === meter)
    }

    @Test func aCleanedInstanceIsNotServedThroughTheProtocol() throws {
        let container = DIContainer()
        container.register(Meter.init).as(Gauge.self).lifetime(.perContainer(.strong))
        weak var first: Meter?
        do {
            let gauge = try container.resolve(Gauge.self)
            first = gauge as? Meter
        }
        container.clean()
        #expect(first == nil)
        let second = try container.resolve(Gauge.self)
        #expect(try container.resolve(Gauge.self) === second)
        #expect(try container.resolve(Meter.self) === second)
    }

    @Test func aKeptInstanceThatDoesNotConformIsATypeMismatch() throws {
        let container = DIContainer()
        container.register(Spring.init).as(Gauge.self).lifetime(.perContainer(.strong))
        container.register(Panel.init).as(Display.self) { $0 }
        _ = try container.resolve(Spring.self)
        for _ in 0..<2 {
            let error = try #require(throws: DIError.self) { try container.resolve(Gauge.self) }
            #expect(error.code == .typeMismatch)
            #expect(error.description.contains("Spring"))
            let nested = try #require(throws: DIError.self) { try container.resolve(Display.self) }
            #expect(nested.code == .typeMismatch)
            #expect(nested.path.contains { ObjectIdentifier($0.type) == ObjectIdentifier(Panel.self) })
        }
    }

    /// A `.weak` instance released is built anew through the protocol, in either form, and
    /// then kept again: the candidate's read of the component's cache
    /// (`ExposureConversion.checked(keptBy:)`) finds nothing, never the released instance.
    @Test func aReleasedWeakInstanceIsBuiltAgainThroughTheProtocol() throws {
        let container = DIContainer()
        let made = Atomic(0)
        container.register { () -> Meter in
            made.add(1, ordering: .relaxed)
            return Meter()
        }
        .as(Gauge.self).as(Dial.self) { $0 }.lifetime(.perContainer(.weak))
        weak var first: Meter?
        do {
            let gauge = try container.resolve(Gauge.self)
            first = gauge as? Meter
            #expect(try container.resolve(Dial.self) === gauge)
        }
        #expect(first == nil)
        let dial = try container.resolve(Dial.self)
        #expect(try container.resolve(Gauge.self) === dial)
        #expect(made.load(ordering: .relaxed) == 2)
    }

    @Test func aValueTypeIsConvertedFromItsBox() throws {
        let container = DIContainer()
        container.register { Reading(value: 7) }.as(Valued.self).lifetime(.perContainer(.strong))
        container.register { Level(value: 3) }.as(Valued.self) { $0 }.named("level").lifetime(.single)
        #expect(try container.resolve(Valued.self).value == 7)
        #expect(try container.resolve(Valued.self).value == 7)
        #expect(try container.resolve(Valued.self, name: "level").value == 3)
    }

    @Test func aNewInstanceIsConvertedPerResolve() throws {
        let container = DIContainer()
        container.register(Meter.init).as(Gauge.self)
        container.register(Panel.init).as(Display.self) { $0 }
        let display = try container.resolve(Display.self)
        #expect(display.gauge !== (try container.resolve(Display.self)).gauge)
        let gauges: [Gauge] = try container.resolve([Gauge].self)
        #expect(gauges.count == 1)
    }

    /// A lone exposure built at the top level and as a dependency, both read in place from the
    /// type's entry (`DIContainer.resolve(_:through:callerIsolation:)` and
    /// `ResolutionContext.resolve(_:)`): a conversion `.as(_:)` checks at resolve fails there
    /// with the registration named, and the dependency's error names its requester.
    @Test func aLoneExposureThatDoesNotConformFailsAtTheTopAndNested() throws {
        let container = DIContainer()
        container.register(Spring.init).as(Gauge.self)
        container.register(Panel.init).as(Display.self) { $0 }
        for _ in 0..<2 {
            let top = try #require(throws: DIError.self) { try container.resolve(Gauge.self) }
            #expect(top.code == .typeMismatch)
            #expect(top.description.contains("Spring"))
            let nested = try #require(throws: DIError.self) { try container.resolve(Display.self) }
            #expect(nested.code == .typeMismatch)
            #expect(nested.description.contains("Panel"))
        }
    }
}

private protocol Gauge: AnyObject, Sendable {}
private protocol Dial: AnyObject, Sendable {}
private final class Meter: Gauge, Dial {
    init() {}
}
private final class Spring: Sendable {
    init() {}
}
private protocol Display: AnyObject, Sendable {
    var gauge: any Gauge { get }
}
private final class Panel: Display {
    let gauge: any Gauge
    init(gauge: any Gauge) { self.gauge = gauge }
}
private protocol Valued: Sendable {
    var value: Int { get }
}
private struct Reading: Valued {
    let value: Int
}
private struct Level: Valued {
    let value: Int
}
