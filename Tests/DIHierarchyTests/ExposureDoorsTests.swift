import DICore
import DIHierarchy
import DILifetime
import Testing

/// A component exposed as a protocol alone (the type's entry is its lone candidate), reached
/// through every door a request has.
@Suite struct ExposureDoorsTests {
    /// Every door to a lone exposure gives the kept instance: names, tags, `[P]`, `Lazy<P>`,
    /// `Provider<P>`, a child container, and a dependency; after `clean()` every door gives the
    /// new one.
    @Test func everyDoorGivesTheKeptInstanceOfALoneExposure() throws {
        let container = DIContainer()
        container.register(DoorMeter.init).as(DoorGauge.self).lifetime(.perContainer(.strong))
        container.register(DoorMeter.init).as(DoorDial.self) { $0 }.named("dial").lifetime(.single)
        container.register(DoorMeter.init).as(DoorDial.self).tagged(DoorMeter.self).lifetime(.single)
        container.register(DoorPanel.init).as(DoorDisplay.self) { $0 }
        let child = DIContainer(parent: container)
        for round in 0..<2 {
            let gauge = try container.resolve(DoorGauge.self)
            #expect(try container.resolve(DoorGauge.self) === gauge)
            #expect(try container.resolve([DoorGauge].self).map { ObjectIdentifier($0) } == [ObjectIdentifier(gauge)])
            #expect(try container.resolve(Lazy<DoorGauge>.self).value === gauge)
            #expect(try container.resolve(Provider<DoorGauge>.self)() === gauge)
            #expect(try child.resolve(DoorGauge.self) === gauge)
            #expect(try container.resolve(DoorDisplay.self).gauge === gauge)
            #expect(try child.resolve(DoorDisplay.self).gauge === gauge)
            let named = try container.resolve(DoorDial.self, name: "dial")
            #expect(try container.resolve(DoorDial.self, name: "dial") === named)
            let tagged = try container.resolve(DoorDial.self, tag: DoorMeter.self)
            #expect(try container.resolve(DoorDial.self, tag: DoorMeter.self) === tagged)
            #expect(named !== tagged)
            if round == 0 {
                container.clean()
                #expect(try container.resolve(DoorGauge.self) !== gauge)
            }
        }
    }

    /// A weak cache seen through the protocol, from the container and a child: the instance
    /// while someone holds it, a new one once nobody does.
    @Test func aWeakKeptInstanceIsSeenThroughTheProtocolUntilReleased() throws {
        let container = DIContainer()
        container.register(DoorMeter.init).as(DoorGauge.self).lifetime(.perContainer(.weak))
        let child = DIContainer(parent: container)
        weak var first: DoorMeter?
        do {
            let gauge = try container.resolve(DoorGauge.self)
            first = gauge as? DoorMeter
            #expect(try container.resolve(DoorGauge.self) === gauge)
            #expect(try child.resolve(DoorGauge.self) === gauge)
        }
        #expect(first == nil)
        let second = try child.resolve(DoorGauge.self)
        #expect(try container.resolve(DoorGauge.self) === second)
    }
}

private protocol DoorGauge: AnyObject, Sendable {}
private protocol DoorDial: AnyObject, Sendable {}
private final class DoorMeter: DoorGauge, DoorDial {
    init() {}
}
private protocol DoorDisplay: AnyObject, Sendable {
    var gauge: any DoorGauge { get }
}
private final class DoorPanel: DoorDisplay {
    let gauge: any DoorGauge
    init(gauge: any DoorGauge) { self.gauge = gauge }
}
