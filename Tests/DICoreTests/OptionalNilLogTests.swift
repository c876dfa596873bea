import Testing

@testable import DICore

private final class Gauge { init(level: Level) {} }
private final class Level { init() {} }

@Suite struct OptionalNilLogTests {
    /// The debug build's line on standard error is written once per failing component.
    @Test func debugBuildWritesOncePerComponent() throws {
        let container = DIContainer()
        container.register(Gauge.init)
        let error = try #require(throws: DIError.self) { try container.resolve(Gauge.self) }
        #expect(!OptionalNilLog.hasReported(error))
        let first: Gauge? = container.resolve()
        #expect(first == nil)
        #expect(OptionalNilLog.hasReported(error) == _isDebugAssertConfiguration())
        let second: Gauge? = container.resolve()
        #expect(second == nil)
        #expect(OptionalNilLog.firstReport(of: error, for: Gauge.self) == nil || !_isDebugAssertConfiguration())
    }

    @Test func nothingRegisteredIsNotWritten() throws {
        let container = DIContainer()
        let error = try #require(throws: DIError.self) { try container.resolve(Level.self) }
        let level: Level? = container.resolve()
        #expect(level == nil)
        #expect(error.isNothingRegistered)
        #expect(!OptionalNilLog.hasReported(error))
    }
}
