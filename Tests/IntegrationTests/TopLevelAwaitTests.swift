import DICore
import Foundation
import Testing

private final class Slow: Sendable {
    init() async {}
}

@Suite struct TopLevelAwaitTests {
    /// The fixture `Tests/Fixtures/TopLevelAwait/main.swift`, built with the tests.
    private func fixture() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("TopLevelAwait")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile)
    }

    @Test func awaitedResolvesWorkInMainSwiftFunctionsAndActors() throws {
        let process = Process()
        process.executableURL = try fixture()
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "top-level resolveAsync: Session",
                "top-level main actor: ProfileModel",
                "top-level catch: notRegistered",
                "nonisolated async: Session",
                "main actor async: Session",
                "actor: Session",
            ])
    }

    @Test func theSynchronousResolveOfAnAsyncFactoryNamesTheFormThatAwaits() throws {
        let container = DIContainer()
        container.register { () async in await Slow() }
        let error = try #require(throws: DIError.self) { try container.resolve(Slow.self, isolation: nil) }
        #expect(error.code == .requiresAsync)
        #expect(error.description.contains("resolveAsync"))
        #expect(error.description.contains("main.swift"))
    }
}
