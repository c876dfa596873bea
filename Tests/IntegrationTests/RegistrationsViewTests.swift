import DICore
import DIHierarchy
import DILifetime
import DIModules
import Testing

// A read-only view of a container's registrations (issue 28.8).

private protocol Store: AnyObject {}
private final class SQLStore: Store { init() {} }
private final class Database { init() {} }
private enum Replica {}
private final class Screen { init() {} }

private final class StorageFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(SQLStore.init).as((any Store).self).lifetime(.single).default()
    }
}

@Suite struct RegistrationsViewTests {
    @Test func listsEachRegistrationWithItsTypesNamesTagsLifetimeAndSite() throws {
        let container = DIContainer()
        container.append(framework: StorageFramework.self)
        container.register { Database() }.named("primary").tagged(Replica.self).lifetime(.perContainer(.strong))
        let line = #line + 1
        container.register(Screen.self).root()
        let registrations = container.registrations
        #expect(registrations.count == 3)

        let store = try #require(registrations.first { $0.type == SQLStore.self })
        #expect(store.exposedTypes.map { ObjectIdentifier($0) } == [ObjectIdentifier((any Store).self)])
        #expect(store.lifetime == .single && store.isDefault)
        #expect(store.origin?.contains("StorageFramework") == true)

        let database = try #require(registrations.first { $0.type == Database.self })
        #expect(database.names == ["primary"])
        #expect(database.tags.count == 1 && database.tags[0].hasSuffix("Replica"))
        #expect(database.lifetime == .perContainer(.strong))
        #expect(database.origin == nil)

        let screen = try #require(registrations.first { $0.type == Screen.self })
        #expect(screen.isMadeElsewhere && screen.isRoot)
        #expect(screen.site.line == line)
    }

    @Test func answersWhetherATypeIsRegistered() {
        let parent = DIContainer()
        parent.register(SQLStore.init).as((any Store).self)
        let child = DIContainer(parent: parent)
        child.register { Database() }.named("primary").tagged(Replica.self)
        #expect(child.isRegistered(Database.self))
        #expect(child.isRegistered(Database.self, name: "primary"))
        #expect(!child.isRegistered(Database.self, name: "prdo"))
        #expect(child.isRegistered(Database.self, tag: Replica.self))
        #expect(child.isRegistered((any Store).self))
        #expect(child.isRegistered(SQLStore.self))
        #expect(!child.isRegistered(Screen.self))
        #expect(!parent.isRegistered(Database.self))
        #expect(child.registrations.count == 1)
    }

    @Test func aContainerPrintsItsRegistrations() {
        let container = DIContainer()
        container.register { Database() }.named("primary").lifetime(.single)
        container.register(SQLStore.init).as((any Store).self)
        let text = String(describing: container)
        #expect(text.hasPrefix("DIContainer with 2 registration(s):"))
        #expect(text.contains("Database (name \"primary\") at "))
        #expect(text.contains("lifetime single"))
        #expect(text.contains(", as "))
    }
}
