import DICore
import DIModules
import Testing

@Suite struct ResolveFromFrameworkTests {
    private func makeContainer() -> DIContainer {
        let container = DIContainer()
        container.append(framework: FrameworkA.self)
        container.append(framework: FrameworkB.self)
        container.append(framework: FrameworkC.self)
        container.append(framework: FrameworkD.self)
        return container
    }

    @Test func resolveFromAFrameworkPrefersItsOwnComponent() throws {
        let container = makeContainer()
        #expect(try container.resolve((any Storage).self, from: FrameworkA.self) is StorageA)
        #expect(try container.resolve((any Storage).self, from: FrameworkB.self) is StorageB)
        let optional: (any Storage)? = container.resolve(from: FrameworkB.self)
        #expect(optional is StorageB)
    }

    @Test func resolveFromAFrameworkPrefersItsImports() throws {
        let container = makeContainer()
        #expect(try container.resolve((any Storage).self, from: FrameworkC.self) is StorageB)
    }

    @Test func resolveFromAFrameworkWithoutPreferenceIsStillAmbiguous() {
        let container = makeContainer()
        let error = #expect(throws: DIError.self) { try container.resolve((any Storage).self, from: FrameworkD.self) }
        #expect(error?.code == .ambiguous)
    }

    @Test func resolveFromAFrameworkNeverAppendedIsAnError() {
        let container = makeContainer()
        let error = #expect(throws: DIError.self) { try container.resolve((any Storage).self, from: FrameworkE.self) }
        #expect(error?.code == .notRegistered)
        #expect(error?.description.contains("FrameworkE") == true)
    }

}
