import DICore
import DILifetime
import Testing

final class Plug: Sendable { init() {} }
final class Socket: Sendable {
    let plugs: [Plug]
    init(plugs: [Plug]) { self.plugs = plugs }
}
final class Lamp: Sendable { init() {} }

/// Memory that a container must give back, or never take: allocated bytes counted by the C
/// allocator.
///
/// The allocator's count is process-wide and Swift Testing runs tests in parallel, so each
/// measurement runs in a process of its own (an exit test), where nothing else allocates.
@Suite(.enabled(if: Memory.isMeasured, "needs mallinfo2"))
struct MemoryTests {
    @Test func addingComponentsOneByOneWithTheirListResolvedGrowsLinearly() async {
        await #expect(processExitsWith: .success) {
            let container = DIContainer()
            let count = Budget.rounds(3_000, sanitizedDivisor: 6)
            let growth = Memory.growth {
                for index in 0..<count {
                    // A distinct site per component, as a loop of registrations in an app has.
                    container.register(line: UInt(index + 1)) { Plug() }
                    let plugs = try? container.resolveAll(Plug.self)
                    precondition(plugs?.count == index + 1)
                }
            }
            // Quadratic growth took 287 MB here; linear growth is a few KB per component.
            precondition(growth < count * 4_096, "\(count) components took \(growth) bytes")
            withExtendedLifetime(container) {}
        }
    }

    @Test func aMillionCachedHitsAndTransientsAllocateNothingLasting() async {
        await #expect(processExitsWith: .success) {
            let container = DIContainer()
            container.register(Plug.init).lifetime(.perContainer(.strong))
            container.register(Lamp.init)
            let cached: Plug = container.resolve()
            let operations = Budget.rounds(1_000_000, sanitizedDivisor: 20)
            let growth = Memory.growth {
                for _ in 0..<operations / 2 {
                    let plug: Plug = container.resolve()
                    precondition(plug === cached)
                    let lamp: Lamp = container.resolve()
                    _ = lamp
                }
            }
            precondition(growth < 1 << 20, "\(operations) resolves kept \(growth) bytes")
        }
    }
}

/// What a container keeps for registrations written again from one site.
@Suite struct RepeatedRegistrationTests {
    @Test func cleanDropsTheInstanceOfEveryRegistrationOfASite() throws {
        final class Heavy: Sendable { init() {} }
        let container = DIContainer()
        func register() {
            container.register { Heavy() }.lifetime(.perContainer(.strong))
        }
        register()
        register()  // the same site again: a second component, not a replacement
        // The instances are fetched in a function of their own, so no strong reference to
        // them outlives it.
        func instances() throws -> (first: Heavy?, second: Heavy?) {
            let all = try container.resolveAll(Heavy.self)
            #expect(all.count == 2)
            #expect(all[0] !== all[1])
            return (all[0], all[1])
        }
        let (firstObject, secondObject) = try instances()
        weak let first = firstObject
        weak let second = secondObject
        _ = (consume firstObject, consume secondObject)
        #expect(first != nil && second != nil)  // the container holds them
        container.clean()
        #expect(first == nil)
        #expect(second == nil)
    }
}
