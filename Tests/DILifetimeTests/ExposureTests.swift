import DICore
import DILifetime
import Synchronization
import TestSupport
import Testing

/// A component exposed as a protocol: a kept instance, converted once, is kept by the
/// candidate's own slot and read inline (`AnyCandidate.cachedInstance(as:)`), cleared with the
/// component's; a new one is built by the exposure's own top-level build.
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
        for _ in 0..<2 {
            #expect(try container.resolve(Gauge.self) === meter)
            #expect(try container.resolve(Dial.self) === meter)
        }
    }

    /// The converted instance the candidate's slot keeps goes with the component's: after
    /// `clean()`, neither form (nor a superclass) hands out the dropped instance, which is freed.
    @Test func aCleanedInstanceIsNotServedThroughTheProtocol() throws {
        let container = DIContainer()
        container.register(Meter.init).as(Gauge.self).as(Dial.self) { $0 }.as(Instrument.self)
            .lifetime(.perContainer(.strong))
        weak var first: Meter?
        do {
            // Twice each: the first resolve builds, the second keeps the converted form.
            for _ in 0..<2 {
                first = try container.resolve(Gauge.self) as? Meter
                #expect(try container.resolve(Dial.self) === first)
                #expect(try container.resolve(Instrument.self) === first)
            }
            #expect(try container.resolve(Gauge.self) === first)
        }
        container.clean()
        #expect(first == nil)
        let second = try container.resolve(Gauge.self)
        #expect(try container.resolve(Gauge.self) === second)
        #expect(try container.resolve(Dial.self) === second)
        #expect(try container.resolve(Instrument.self) === second)
        #expect(try container.resolve(Meter.self) === second)
    }

    /// Hits through a protocol race `clean()`: a resolve that starts after `clean()` returns
    /// never gets the instance it dropped, through a class-bound protocol, a protocol whose
    /// instances are boxed, or a conversion.
    @Test(arguments: 0..<3)
    func hitsThroughAProtocolRacingCleanNeverGetADroppedInstance(form: Int) {
        let container = DIContainer()
        let made = Counter()
        let make: @Sendable () -> Numbered = { Numbered(number: made.next()) }
        switch form {
        case 0: container.register(make).as(NumberedObject.self).lifetime(.perContainer(.strong))
        case 1: container.register(make).as(NumberedValue.self).lifetime(.perContainer(.strong))
        default: container.register(make).as(NumberedObject.self) { $0 }.lifetime(.perContainer(.strong))
        }
        let resolve: @Sendable () -> Numbered = {
            if form == 1 { return (container.resolve() as any NumberedValue) as! Numbered }
            return (container.resolve() as any NumberedObject) as! Numbered
        }
        let stale = staleHitsWhileCleaning(rounds: 1000, resolve: resolve, clean: { container.clean() })
        #expect(stale == 0)
        #expect(made.count >= 1000)
    }

    /// Threads resolving the protocol and the concrete type at once, first and then as hits,
    /// all get the one instance the component keeps.
    @Test func concurrentResolvesAsTheProtocolAndTheTypeShareTheInstance() async {
        let container = DIContainer()
        container.register(Meter.init).as(Gauge.self).as(Dial.self) { $0 }.lifetime(.perContainer(.strong))
        let seen = await onThreads(8) { index in
            (0..<200).map { round -> ObjectIdentifier in
                switch (index + round) % 3 {
                case 0: ObjectIdentifier(container.resolve() as any Gauge)
                case 1: ObjectIdentifier(container.resolve() as any Dial)
                default: ObjectIdentifier(container.resolve() as Meter)
                }
            }
        }
        let meter: Meter = container.resolve()
        #expect(seen.allSatisfy { $0.allSatisfy { $0 == ObjectIdentifier(meter) } })
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
            #expect(try container.resolve(Gauge.self) === gauge)
            #expect(try container.resolve(Dial.self) === gauge)
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
// NB: @unchecked: a class that is not final, with no stored property.
private class Instrument: @unchecked Sendable {}
private final class Meter: Instrument, Gauge, Dial, @unchecked Sendable {
    override init() {}
}
private protocol NumberedObject: AnyObject, Sendable {}
private protocol NumberedValue: Sendable {}
extension Numbered: NumberedObject, NumberedValue {}
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
