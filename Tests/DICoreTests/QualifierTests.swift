import DICore
import Testing

private enum Primary: DIName { static let name = "primary" }
private enum Replica: DIName { static let name = "replica" }
private enum Europe {}
private enum Fast {}
private enum Cheap {}

private final class Database: Sendable {
    let url: String
    init(url: String) { self.url = url }
}
private final class Repository {
    let primary: Database
    let replica: Database?
    init(primary: Named<Primary, Database>, replica: Named<Replica, Database>?) {
        self.primary = primary.value
        self.replica = replica?.value
    }
}

@Suite struct QualifierTests {
    @Test func aNamedParameterFindsTheComponentByItsName() throws {
        let container = DIContainer()
        container.register { Database(url: "p") }.named(Primary.self)
        container.register { Database(url: "other") }.named("other")
        container.register(Repository.init)
        let repository = try container.resolve(Repository.self)
        #expect(repository.primary.url == "p")
        #expect(repository.replica == nil)
        #expect(try container.resolve(Database.self, named: Primary.self).url == "p")
        #expect(container.validate().isValid)
    }

    @Test func aMissingNamedParameterNamesTheName() throws {
        let container = DIContainer()
        container.register(Repository.init)
        let error = try #require(throws: DIError.self) { try container.resolve(Repository.self) }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains("name \"primary\""))
        #expect(container.validate().errors.count == 1)
    }

    @Test func everyNameOfAComponentFindsIt() throws {
        let container = DIContainer()
        container.register { Database(url: "both") }.named("a").named("b")
        #expect(try container.resolve(Database.self, name: "a").url == "both")
        #expect(try container.resolve(Database.self, name: "b").url == "both")
    }

    @Test func everyTagOfAComponentFindsIt() throws {
        let container = DIContainer()
        container.register { Database(url: "tagged") }.tagged(Europe.self).tagged(Fast.self)
        #expect(try container.resolve(Database.self, tag: Europe.self).url == "tagged")
        #expect(try container.resolve(Database.self, tag: Fast.self).url == "tagged")
    }

    @Test func severalTagsAtOnceFindTheComponentCarryingThemAll() throws {
        let container = DIContainer()
        container.register { Database(url: "eu fast") }.tagged(Europe.self).tagged(Fast.self)
        container.register { Database(url: "eu cheap") }.tagged(Europe.self).tagged(Cheap.self)
        container.register { Database(url: "fast cheap") }.tagged(Fast.self).tagged(Cheap.self)
        #expect(try container.resolve(Database.self, tags: Europe.self, Fast.self).url == "eu fast")
        #expect(try container.resolve(Database.self, tags: Cheap.self, Europe.self).url == "eu cheap")
        #expect(try container.resolve(Database.self, tags: Fast.self, Cheap.self).url == "fast cheap")
        let ambiguous = try #require(throws: DIError.self) { try container.resolve(Database.self, tags: Europe.self) }
        #expect(ambiguous.code == .ambiguous)
        let missing = try #require(throws: DIError.self) {
            try container.resolve(Database.self, tags: Europe.self, Fast.self, Cheap.self)
        }
        #expect(missing.code == .notRegistered)
        #expect(missing.description.contains("tag"))
    }
}
