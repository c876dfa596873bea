import DICore
import DIModules
import Testing

/// Two registrations in one part, the first exposed as `Storage`: the second must stay a
/// component of its own type only.
final class ExposingThenPlainPart: DIPart {
    static func load(container: DIContainer) {
        container.register(StorageE1.init).as((any Storage).self)
        container.register(StorageE2.init)
    }
}

/// The registrations of one load share the details that hold their origin (and every load of
/// the same origin, in any container, shares them too); a registration's edit copies them
/// first, so it changes that registration alone.
@Suite struct SharedDetailsTests {
    @Test func anEditedRegistrationLeavesTheOthersOfItsLoadAsTheyWere() throws {
        // Twice, in new containers: the second load starts from the details the first shared.
        for _ in 0..<2 {
            let container = DIContainer()
            container.append(part: ExposingThenPlainPart.self)
            let storage = try container.resolve((any Storage).self)
            #expect(storage is StorageE1)
            let plain = try #require(container.component(of: StorageE2.self))
            #expect(plain.info.origin == "part \(String(reflecting: ExposingThenPlainPart.self))")
            #expect(plain.attribute(ComponentOrigin.self)?.part == ObjectIdentifier(ExposingThenPlainPart.self))
        }
    }

    @Test func aPartsOriginIsThatOfItsLoadInEachContainer() throws {
        // Loose, then inside framework A, then loose again: each load's own origin.
        for framework in [nil, ObjectIdentifier(FrameworkA.self), nil] {
            let container = DIContainer()
            if framework == nil {
                container.append(part: StorageAPart.self)
            } else {
                container.append(framework: FrameworkA.self)
            }
            let origin = try #require(container.component(of: StorageA.self)?.attribute(ComponentOrigin.self))
            #expect(origin.part == ObjectIdentifier(StorageAPart.self))
            #expect(origin.framework == framework)
        }
    }
}
