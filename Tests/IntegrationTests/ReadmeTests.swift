import DICore
import DILifetime
import Testing

// The README's quick start, verbatim apart from the test scaffolding.
private protocol Storage: AnyObject {}
private final class FileStorage: Storage { init() {} }
private final class Cat {
    let storage: Storage
    init(storage: Storage) { self.storage = storage }
}

@Suite struct ReadmeTests {
    @Test func quickStartCompilesAndBehavesAsWritten() throws {
        let container = DIContainer()
        container.register(FileStorage.init)
            .as(Storage.self)
            .lifetime(.perContainer(.strong))
        container.register(Cat.init)

        let cat: Cat? = container.resolve()
        let sure: Cat = container.resolve()
        let checked = try container.resolve(Cat.self)

        #expect(cat != nil)
        #expect(sure !== checked)
        #expect(sure.storage === checked.storage)
    }

    @Test func quickStartErrorNamesThePath() throws {
        let container = DIContainer()
        container.register(Cat.init)
        let error = try #require(throws: DIError.self) { try container.resolve(Cat.self) }
        #expect(error.description.contains("is not registered. Resolution path: "))
        #expect(error.description.contains("Cat at IntegrationTests/ReadmeTests.swift:"))
    }
}
