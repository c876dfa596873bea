import DICore
import DIModules
import Testing

/// Frameworks A and B both register a `Storage`; each has a consumer; C imports B.
@Suite struct AmbiguityTests {
    private func makeContainer() -> DIContainer {
        let container = DIContainer()
        container.append(framework: FrameworkA.self)
        container.append(framework: FrameworkB.self)
        container.append(framework: FrameworkC.self)
        container.append(framework: FrameworkD.self)
        return container
    }

    @Test func consumerGetsItsOwnFrameworksComponent() throws {
        let container = makeContainer()
        #expect(try container.resolve(ConsumerA.self).storage is StorageA)
        #expect(try container.resolve(ConsumerB.self).storage is StorageB)
    }

    @Test func consumerGetsItsImportedFrameworksComponent() throws {
        let container = makeContainer()
        #expect(try container.resolve(ConsumerC.self).storage is StorageB)
    }

    @Test func importByAPartCountsForItsFramework() throws {
        let container = makeContainer()
        container.append(framework: FrameworkI.self)
        #expect(try container.resolve(ConsumerI.self).storage is StorageA)
    }

    @Test func importerIsTheRunningFrameworkNotTheLastAppended() throws {
        let container = makeContainer()
        container.append(framework: FrameworkG.self)
        #expect(try container.resolve(ConsumerG.self).storage is StorageB)
        #expect(throws: DIError.self) { try container.resolve(ConsumerH.self) }
    }

    @Test func withoutOwnOrImportedCandidateItIsAmbiguousAndNamesFrameworks() {
        let container = makeContainer()
        let error = #expect(throws: DIError.self) { try container.resolve(ConsumerD.self) }
        #expect(error?.code == .ambiguous)
        #expect(error?.candidates.count == 2)
        let origins = Set(error?.candidates.compactMap(\.origin) ?? [])
        #expect(
            origins == [
                "framework \(String(reflecting: FrameworkA.self)), part \(String(reflecting: StorageAPart.self))",
                "framework \(String(reflecting: FrameworkB.self))",
            ])
        #expect(error?.description.contains("[framework \(String(reflecting: FrameworkB.self))]") == true)
    }

    @Test func topLevelRequestHasNoFrameworkToPrefer() {
        let container = makeContainer()
        let error = #expect(throws: DIError.self) { try container.resolve((any Storage).self) }
        #expect(error?.code == .ambiguous)
        #expect(error?.candidates.count == 2)
    }

    @Test func importsAreNotTransitive() {
        let container = makeContainer()
        container.append(framework: FrameworkF.self)  // imports C, which imports B
        let error = #expect(throws: DIError.self) { try container.resolve(ConsumerF.self) }
        #expect(error?.code == .ambiguous)
    }

    @Test func severalCandidatesInOwnFrameworkStayAmbiguous() {
        let container = makeContainer()
        container.append(framework: FrameworkE.self)
        let error = #expect(throws: DIError.self) { try container.resolve(ConsumerE.self) }
        #expect(error?.code == .ambiguous)
        let types = Set(error?.candidates.map { ObjectIdentifier($0.type) } ?? [])
        #expect(types == [ObjectIdentifier(StorageE1.self), ObjectIdentifier(StorageE2.self)])
    }

    @Test func defaultComponentStillWinsOverOwnFramework() throws {
        let container = makeContainer()
        container.register(StorageE1.init).as((any Storage).self).default()
        #expect(try container.resolve(ConsumerA.self).storage is StorageE1)
    }

    @Test func partOutsideAnyFrameworkHasNoPreference() {
        let container = makeContainer()
        container.append(part: LoosePart.self)
        let error = #expect(throws: DIError.self) { try container.resolve(ConsumerLoose.self) }
        #expect(error?.code == .ambiguous)
    }

    @Test func preferenceIsInstalledOncePerContainer() throws {
        let container = makeContainer()
        container.append(framework: FrameworkE.self)
        container.append(framework: FrameworkG.self)
        #expect(try container.resolve(ConsumerC.self).storage is StorageB)
    }
}
