import DICore
import DIHierarchy
import DILifetime
import DIModules
import DIScopes
import Testing

// The examples of the design documents in shared/seeds/, as written there (the documents
// call the container `builder` in places; `.perRun(.single)` is the spec's noted slip for
// `.perRun(.strong)`).

private final class Cat { init() {} }
private final class Type { init() {} }
private final class OtherType { init() {} }

@Suite struct LifetimesDocumentTests {  // 000_084e41d0c3226c4d.txt
    @Test func everyLifetimeOfTheDocumentRegistersAsWritten() throws {
        let builder = DIContainer()
        builder.register(Cat.init).lifetime(.single)
        #expect(builder.initializeSingletonObjects().isEmpty)
        let single = try builder.resolve(Cat.self)
        #expect(try builder.resolve(Cat.self) === single)

        builder.register(Cat.init).lifetime(.perRun(.strong))
        builder.register(Cat.init).lifetime(.perRun(.weak))
        builder.register(Cat.init).lifetime(.perContainer(.strong))
        builder.register(Cat.init).lifetime(.perContainer(.weak))
        builder.register(Cat.init).lifetime(.objectGraph)
        builder.register(Cat.init).lifetime(.prototype)
        builder.register(Cat.init)
        // Eight components of one type: unqualified requests are ambiguous, `[Cat]` has them all.
        #expect(try builder.resolveAll(Cat.self).count == 8)
        let ambiguous = try #require(throws: DIError.self) { try builder.resolve(Cat.self) }
        #expect(ambiguous.code == .ambiguous)
    }

    @Test func customScopesAsTheDocumentWritesThem() throws {
        let builder = DIContainer()
        let yourScope = DIScope(name: "your scope", storage: DICacheStorage())
        builder.register(Cat.init)
            .lifetime(.custom(yourScope))
        let cat = try builder.resolve(Cat.self)
        #expect(try builder.resolve(Cat.self) === cat)

        let weakScope = DIScope(name: "your scope", storage: DICacheStorage(), policy: .weak)
        let other = DIContainer()
        other.register(Cat.init).lifetime(.custom(weakScope))
        weak let released = try other.resolve(Cat.self)
        #expect(released == nil)
    }

    @Test func cleanDropsPerContainerInstances() throws {
        let container = DIContainer()
        container.register(Cat.init).lifetime(.perContainer(.strong))
        weak let cat = try container.resolve(Cat.self)
        #expect(cat != nil)
        container.clean()
        #expect(cat == nil)
    }
}

private func singleComponent(container: DIContainer) {
    container.register(OtherType.init)
        .lifetime(.perRun(.strong))
}

@Suite struct HierarchyDocumentTests {  // 001_35982e2afd4f1a0b.txt
    @Test func perRunIsOnePerComponentNotPerType() throws {
        let container1 = DIContainer()
        let container2 = DIContainer()
        container1.register(Type.init)
            .lifetime(.perRun(.strong))
        container2.register(Type.init)
            .lifetime(.perRun(.strong))

        singleComponent(container: container1)
        singleComponent(container: container2)

        #expect(try container1.resolve(Type.self) !== container2.resolve(Type.self))
        #expect(try container1.resolve(OtherType.self) === container2.resolve(OtherType.self))
    }
}

private protocol Storage: AnyObject {}
private final class OtherStorage: Storage { init() {} }
private final class YourStorage: Storage { init() {} }
private final class YourService {
    let storage: Storage
    init(storage: Storage) { self.storage = storage }
}

private final class OtherYourFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(OtherStorage.init).as(Storage.self)
    }
}

private final class RegistrationPart: DIPart {
    static func load(container: DIContainer) {
        container.register(YourService.init)
    }
}

private final class RegistrationFramework: DIFramework {
    static func load(container: DIContainer) {
        container.import(OtherYourFramework.self)
        container.append(part: RegistrationPart.self)
    }
}

private final class ThirdFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(YourStorage.init).as(Storage.self)
    }
}

@Suite struct PartsAndFrameworksDocumentTests {  // 003_eab3cdaa413841dd.txt
    @Test func importSettlesTheDisputedCase() throws {
        let container = DIContainer()
        container.append(framework: OtherYourFramework.self)
        container.append(framework: ThirdFramework.self)
        container.append(framework: RegistrationFramework.self)
        container.append(framework: RegistrationFramework.self)  // loaded once
        // Two storages and no default: the service's framework imports OtherYourFramework.
        let service = try container.resolve(YourService.self)
        #expect(service.storage is OtherStorage)
        #expect(container.validate().isValid)
    }
}
