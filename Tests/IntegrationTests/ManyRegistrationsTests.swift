import DICore
import Dispatch
import Testing

private final class Plugin: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

private enum Even {}
private enum Odd {}
private enum Small {}

/// Runs `body` on a new thread; fails the test if it has not returned within `seconds`.
private func withDeadline(seconds: Int, _ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    ThreadStarter {
        body()
        done.signal()
    }.start()
    if done.wait(timeout: .now() + .seconds(seconds)) == .timedOut {
        Issue.record("not done within \(seconds) s")
    }
}

@Suite struct ManyRegistrationsTests {
    /// 20,000 named registrations of a type already resolved, then a resolve of each by name:
    /// registration and a named lookup cost the same however many components the type has,
    /// so this ends within a deadline a quadratic cost misses by far.
    @Test func twentyThousandNamedRegistrationsOfAResolvedTypeAndTheirResolves() {
        withDeadline(seconds: 60) {
            let container = DIContainer()
            container.register { Plugin(number: -1) }
            #expect((try? container.resolve(Plugin.self))?.number == -1)
            for number in 0..<20_000 {
                container.register { Plugin(number: number) }.named("plugin \(number)")
            }
            var wrong = 0
            for number in 0..<20_000 where (try? container.resolve(Plugin.self, name: "plugin \(number)"))?.number != number {
                wrong += 1
            }
            #expect(wrong == 0)
            #expect((try? container.resolve(Plugin.self))?.number == -1)
        }
    }

    /// A miss on a type with many names counts them all and lists the first eight, with the
    /// closest name among the first 256: its message is as long for 20 names as for 20,000.
    @Test func aMissListsTheFirstFewOtherNamesAndCountsTheRest() {
        let container = DIContainer()
        for number in 0..<20 { container.register { Plugin(number: number) }.named("plugin \(number)") }
        do throws(DIError) {
            _ = try container.resolve(Plugin.self, name: "plugin 7x")
            Issue.record("a name nobody registered resolved")
        } catch {
            let text = error.description
            #expect(text.contains("20 component(s) of this type have another name or tag: "))
            #expect(text.contains("; and 12 more."))
            #expect(text.components(separatedBy: " at ").count == 9, "eight sites listed: \(text)")
            #expect(text.contains("Did you mean name \"plugin 7\"?"))
        }
    }

    /// Registrations added to a type already resolved take effect at once, with the same
    /// choice rule: names, tags (one or several), an ambiguity naming every candidate, an
    /// override, `[T]` in registration order.
    @Test func lookupsOfAResolvedTypeSeeEveryLaterRegistration() throws {
        let container = DIContainer()
        container.register { Plugin(number: 0) }
        #expect(try container.resolve(Plugin.self).number == 0)
        for number in 1...100 {
            let builder = container.register { Plugin(number: number) }.named("p\(number)")
            if number.isMultiple(of: 2) { builder.tagged(Even.self) } else { builder.tagged(Odd.self) }
        }
        container.register { Plugin(number: 101) }.tagged(Even.self).tagged(Small.self)
        #expect(try container.resolve(Plugin.self).number == 0)
        #expect(try container.resolve(Plugin.self, name: "p42").number == 42)
        #expect(try container.resolve(Plugin.self, tags: Even.self, Small.self).number == 101)
        #expect(try container.resolve(Plugin.self, tag: Small.self).number == 101)
        #expect(throws: DIError.self) { try container.resolve(Plugin.self, name: "p1000") }
        do throws(DIError) {
            _ = try container.resolve(Plugin.self, tag: Even.self)
            Issue.record("51 components tagged Even resolved as one")
        } catch {
            #expect(error.code == .ambiguous)
        }
        container.register { Plugin(number: 200) }
        do throws(DIError) {
            _ = try container.resolve(Plugin.self)
            Issue.record("two unnamed components resolved as one")
        } catch {
            #expect(error.code == .ambiguous)
        }
        container.register { Plugin(number: 300) }.override()
        #expect(try container.resolve(Plugin.self).number == 300)
        let all = try container.resolveAll(Plugin.self).map(\.number)
        #expect(all == Array(0...101) + [200, 300])
    }
}
