import DICore
import DIHierarchy
import TestSupport
import Testing

/// One container per finding: each is found, with its component and its path from a root.
@Suite struct ValidationTests {
    private func only(_ kind: DIValidationFinding.Kind, in report: DIValidationReport) throws -> DIValidationFinding {
        let found = report.findings.filter { $0.kind == kind }
        try #require(found.count == 1, "\(report)")
        return found[0]
    }

    // MARK: - Missing dependencies

    @Test func missingDependencyIsAnErrorWithItsPathFromTheRoot() throws {
        let container = DIContainer()
        container.register(V.Top.init)
        container.register(V.Mid.init)
        let report = container.validate()
        let finding = try only(.missingDependency, in: report)
        #expect(report.findings.count == 1)
        #expect(finding.severity == .error)
        #expect(finding.component?.name == "Mid")
        #expect(finding.path.names == ["Top", "Mid"])
        #expect(finding.message.contains("V.Missing is not registered"))
        #expect(finding.description.contains("Mid at DICoreTests/ValidationTests.swift:"))
        #expect(!report.isValid)
        #expect(!container.validate().isValid)
    }

    @Test func optionalAndArrayDependenciesNeverFail() {
        let container = DIContainer()
        container.register(V.TakesOptional.init)
        container.register(V.TakesMany.init)
        #expect(container.validate().findings.isEmpty)
        #expect(container.validate().isValid)
    }

    @Test func lazyAndProviderDependenciesFailWhenUsed() {
        let container = DIContainer()
        container.register(V.TakesLazy.init)
        container.register(V.TakesProvider.init)
        let report = container.validate()
        #expect(report.errors.map(\.kind) == [.missingDependency, .missingDependency])
        #expect(report.errors.compactMap(\.component?.name) == ["TakesLazy", "TakesProvider"])
        #expect(report.errors.allSatisfy { $0.message.contains("fails when it is first used") })
    }

    @Test func missingDependencyHintsAtTaggedComponents() throws {
        let container = DIContainer()
        container.register(V.Missing.init).tagged(Fluffy.self)
        container.register(V.Mid.init)
        container.register(V.TakesTagged.init)
        let report = container.validate()
        #expect(report.errors.count == 2)
        let untagged = try #require(report.errors.first { $0.component?.name == "Mid" })
        #expect(
            untagged.message.contains(
                "1 component(s) of this type have another name or tag: DICoreTests.V.Missing (tag DICoreTests.Fluffy) at"))
        let tagged = try #require(report.errors.first { $0.component?.name == "TakesTagged" })
        #expect(tagged.message.contains("(tag DICoreTests.V.Primary) is not registered"))
    }

    // MARK: - Ambiguity

    @Test func ambiguousDependencyListsItsCandidates() throws {
        let container = DIContainer()
        container.register(V.DiskStore.init).as(V.Store.self)
        container.register(V.MemoryStore.init).as(V.Store.self)
        container.register(V.Repo.init)
        let finding = try only(.ambiguousDependency, in: container.validate())
        #expect(finding.severity == .error)
        #expect(finding.component?.name == "Repo")
        #expect(finding.path.names == ["Repo"])
        #expect(finding.related.names == ["DiskStore", "MemoryStore"])
        #expect(finding.message.contains("DiskStore at DICoreTests/ValidationTests.swift:"))
    }

    @Test func defaultSettlesAnAmbiguity() {
        let container = DIContainer()
        container.register(V.DiskStore.init).as(V.Store.self)
        container.register(V.MemoryStore.init).as(V.Store.self).default()
        container.register(V.Repo.init)
        #expect(container.validate().findings.isEmpty)
    }

    @Test func ambiguityResolversSettleForTheRequesterTheyPreferFor() throws {
        let container = DIContainer()
        container.addAmbiguityResolver(PreferMemoryStoreForRepo())
        container.register(V.DiskStore.init).as(V.Store.self)
        container.register(V.MemoryStore.init).as(V.Store.self)
        container.register(V.Repo.init)
        container.register(V.OtherRepo.init)
        let finding = try only(.ambiguousDependency, in: container.validate())
        #expect(finding.component?.name == "OtherRepo")
        // The resolver agrees: Repo resolves, OtherRepo does not.
        #expect(throws: Never.self) { try container.resolve(V.Repo.self) }
        #expect(throws: DIError.self) { try container.resolve(V.OtherRepo.self) }
    }

    @Test func optionalAmbiguousDependencyIsStillAnError() throws {
        let container = DIContainer()
        container.register(V.DiskStore.init).as(V.Store.self)
        container.register(V.MemoryStore.init).as(V.Store.self)
        container.register(V.MaybeRepo.init)
        let finding = try only(.ambiguousDependency, in: container.validate())
        #expect(finding.component?.name == "MaybeRepo")
    }

    // MARK: - Cycles

    @Test func initializerCycleIsAnErrorEnteredWhereTheRootReachesIt() throws {
        let container = DIContainer()
        container.register(V.Ring1.init)
        container.register(V.Ring2.init)
        container.register(V.Ring3.init)
        container.register(V.RingUser.init)
        let finding = try only(.cycle, in: container.validate())
        #expect(finding.severity == .error)
        #expect(finding.component?.name == "Ring2")
        #expect(finding.path.names == ["RingUser", "Ring2"])
        #expect(finding.related.names == ["Ring2", "Ring3", "Ring1", "Ring2"])
        // The resolver agrees.
        let error = try #require(throws: DIError.self) { try container.resolve(V.RingUser.self) }
        #expect(error.code == .cycle)
    }

    @Test func componentTakingItselfIsACycle() throws {
        let container = DIContainer()
        container.register(V.Ouro.init).lifetime(.fakePerContainer())
        let finding = try only(.cycle, in: container.validate())
        #expect(finding.severity == .error)
        #expect(finding.path.names == ["Ouro"])
        #expect(finding.related.names == ["Ouro", "Ouro"])
    }

    @Test func lazyOrProviderBreaksACycle() {
        let container = DIContainer()
        container.register(V.LazyRing1.init)
        container.register(V.LazyRing2.init)
        container.register(V.ProviderRing1.init)
        container.register(V.ProviderRing2.init)
        #expect(container.validate().findings.isEmpty)
    }

    @Test func propertyCycleStartedAtObjectGraphIsValid() throws {
        let container = DIContainer()
        container.register(V.A.init).lifetime(.fakeObjectGraph)
        container.register(V.B.init).injection(\.a)
        #expect(container.validate().findings.isEmpty)
        // The resolver agrees: one A in the graph.
        let a = try container.resolve(V.A.self)
        #expect(a.b.a === a)
    }

    @Test func propertyCycleOfPrototypesIsAnError() throws {
        let container = DIContainer()
        container.register(V.A.init)
        container.register(V.B.init).injection(\.a)
        let finding = try only(.cycle, in: container.validate())
        #expect(finding.severity == .error)
        #expect(finding.component?.name == "B")
        #expect(finding.path.names == ["A", "B"])
        #expect(finding.related.names == ["B", "A", "B"])
        #expect(finding.message.contains("never ends"))
    }

    @Test func prototypeInjectingItselfIsAnError() throws {
        let container = DIContainer()
        container.register(V.Narcissus.init).injection(\.me)
        let finding = try only(.cycle, in: container.validate())
        #expect(finding.severity == .error)
        #expect(finding.related.names == ["Narcissus", "Narcissus"])
    }

    @Test func cycleEnteredAtAPrototypeIsAWarning() throws {
        let container = DIContainer()
        container.register(V.A.init).lifetime(.fakeObjectGraph)
        container.register(V.B.init).injection(\.a)
        container.register(V.EntersAtB.init)
        let report = container.validate()
        let finding = try only(.cycle, in: report)
        #expect(finding.severity == .warning)
        #expect(finding.component?.name == "B")
        #expect(finding.path.names == ["EntersAtB", "B"])
        #expect(finding.related.names == ["B", "A", "B"])
        #expect(report.isValid)
        // The resolver agrees that it works, with a second B in the cycle.
        let b = try container.resolve(V.B.self)
        let a = try #require(b.a)
        #expect(a.b !== b)
    }

    @Test func lazyInsideACycleEntersItToo() throws {
        let container = DIContainer()
        container.register(V.A2.init).lifetime(.fakeObjectGraph)
        container.register(V.B2.init).injection(\.a)
        let finding = try only(.cycle, in: container.validate())
        #expect(finding.severity == .warning)
        #expect(finding.component?.name == "B2")
        #expect(finding.path.names == ["A2", "B2"])
    }

    // MARK: - Captive dependencies

    static let captiveCases: [CaptiveCase] = [
        CaptiveCase(holder: .fakePerRun(), held: .prototype, expected: .warning),
        CaptiveCase(holder: .fakePerRun(), held: .fakeObjectGraph, expected: .error),
        CaptiveCase(holder: .fakePerRun(), held: .fakePerContainer(), expected: .error),
        CaptiveCase(holder: .fakePerContainer(), held: .prototype, expected: .warning),
        CaptiveCase(holder: .fakePerContainer(), held: .fakeObjectGraph, expected: .error),
        CaptiveCase(holder: .fakePerRun(), held: .fakeScope, expected: .error),
        CaptiveCase(holder: .fakePerContainer(), held: .fakeScope, expected: .error),
        CaptiveCase(holder: .fakeScope, held: .prototype, expected: .warning),
        CaptiveCase(holder: .fakeScope, held: .fakeObjectGraph, expected: .error),
        CaptiveCase(holder: .fakePerContainer(), held: .fakePerRun(), expected: nil),
        CaptiveCase(holder: .fakePerContainer(), held: .fakePerContainer(), expected: nil),
        CaptiveCase(holder: .prototype, held: .fakePerContainer(), expected: nil),
        CaptiveCase(holder: .fakeObjectGraph, held: .prototype, expected: nil),
    ]

    @Test(arguments: captiveCases)
    func captiveDependencyDependsOnBothLifetimes(_ test: CaptiveCase) throws {
        let container = DIContainer()
        container.register(V.Holder.init).lifetime(test.holder)
        container.register(V.Held.init).lifetime(test.held)
        let report = container.validate()
        guard let expected = test.expected else {
            #expect(report.findings.isEmpty, "\(report)")
            return
        }
        let finding = try only(.captiveDependency, in: report)
        #expect(report.findings.count == 1)
        #expect(finding.severity == expected)
        #expect(finding.component?.name == "Holder")
        #expect(finding.path.names == ["Holder", "Held"])
        #expect(finding.related.names == ["Held"])
    }

    /// `.allowsCapture()` on the held component silences the finding, whatever its severity.
    @Test(arguments: [DIComponentLifetime.prototype, .fakeObjectGraph])
    func allowsCaptureSaysACaptureIsIntended(held: DIComponentLifetime) {
        let container = DIContainer()
        container.register(V.Holder.init).lifetime(.fakePerContainer())
        container.register(V.Held.init).lifetime(held).allowsCapture()
        #expect(container.validate().findings.isEmpty, "\(container.validate())")
    }

    /// A `.perContainer` repository holding a `.prototype` client is valid, with a warning
    /// that says how to silence it.
    @Test func capturedPrototypeIsAWarningThatSaysHowToSilenceIt() throws {
        let container = DIContainer()
        container.register(V.Holder.init).lifetime(.fakePerContainer())
        container.register(V.Held.init)
        let report = container.validate()
        #expect(report.isValid)
        let finding = try only(.captiveDependency, in: report)
        #expect(finding.severity == .warning)
        #expect(finding.message.contains(".allowsCapture()"))
    }

    @Test func propertyAndLazyCaptureButProviderDoesNot() {
        let container = DIContainer()
        container.register(V.PropertyHolder.init).lifetime(.fakePerRun()).injection(\.held)
        container.register(V.LazyHolder.init).lifetime(.fakePerRun())
        container.register(V.ProviderHolder.init).lifetime(.fakePerRun())
        container.register(V.Held.init).lifetime(.fakeObjectGraph)
        let report = container.validate()
        #expect(report.errors.map(\.kind) == [.captiveDependency, .captiveDependency])
        #expect(report.errors.compactMap(\.component?.name) == ["PropertyHolder", "LazyHolder"])
    }

    // MARK: - Lifetimes, notes, hierarchy

    @Test func weakOnAValueTypeIsAWarning() throws {
        let container = DIContainer()
        container.register(V.Settings.init).lifetime(.fakePerContainer(.weak))
        container.register(V.Held.init).lifetime(.fakePerContainer(.weak))
        let report = container.validate()
        let finding = try only(.weakValueType, in: report)
        #expect(report.findings.count == 1)
        #expect(finding.severity == .warning)
        #expect(finding.component?.name == "Settings")
        #expect(finding.path.names == ["Settings"])
    }

    // Issue 25, point 11: a protocol whose every instance is an object was warned about as
    // "a value type".
    @Test func weakOnAProtocolIsNoWarning() throws {
        let container = DIContainer()
        container.register { () -> any WeakAnimal in WeakCat() }.lifetime(.fakePerContainer(.weak))
        container.register { () -> Any in WeakCat() }.lifetime(.fakePerContainer(.weak))
        container.register(V.Settings.init).lifetime(.fakePerContainer(.weak))
        let report = container.validate()
        #expect(report.warnings.map(\.kind) == [.weakValueType])
        #expect(report.warnings.first?.component?.name == "Settings")
    }

    @Test func notesModulesRecordedAreReportedAsRecorded() throws {
        let container = DIContainer()
        let note = DIValidationFinding(kind: .note, severity: .warning, message: "import outside a framework's load")
        container.addValidationCheck { _ in [note] }
        let finding = try only(.note, in: container.validate())
        #expect(finding.message == note.message)
        #expect(finding.severity == .warning)
    }

    @Test func hierarchyIsWarnedAboutOnceAndLookupsContinueUpstream() throws {
        let parent = DIContainer()
        parent.register(V.Missing.init)
        let child = DIContainer(parent: parent)
        child.register(V.Mid.init)
        child.register(V.Top.init)
        let report = child.validate()
        let finding = try only(.containerHierarchy, in: report)
        #expect(report.findings.count == 1)
        #expect(finding.severity == .warning)
        #expect(finding.component == nil)
        #expect(parent.validate().findings.isEmpty)
    }

    @Test func upstreamComponentsAreCheckedAsTheResolveSeesThem() throws {
        let parent = DIContainer()
        parent.register(V.Mid.init)  // prototype: its dependencies come from the child
        parent.register(V.Holder.init).lifetime(.fakePerContainer())  // built as the parent sees the graph
        let child = DIContainer(parent: parent)
        child.register(V.Missing.init)
        child.register(V.Held.init).lifetime(.fakePerRun())
        let report = child.validate()
        let finding = try only(.missingDependency, in: report)
        #expect(finding.component?.name == "Holder")
        #expect(finding.message.contains("V.Held is not registered"))
        #expect(report.errors.count == 1)
        #expect(parent.validate().errors.count == 2)
    }

    // MARK: - The report

    @Test func reportsEveryProblemAtOnceErrorsFirst() throws {
        let container = DIContainer()
        container.register(V.Settings.init).lifetime(.fakePerRun(.weak))
        container.register(V.Mid.init)
        container.register(V.DiskStore.init).as(V.Store.self)
        container.register(V.MemoryStore.init).as(V.Store.self)
        container.register(V.Repo.init)
        container.register(V.Ouro.init)
        container.register(V.Holder.init).lifetime(.fakePerRun())
        container.register(V.Held.init).lifetime(.fakeObjectGraph)
        let report = container.validate()
        #expect(Set(report.errors.map(\.kind)) == [.missingDependency, .ambiguousDependency, .cycle, .captiveDependency])
        #expect(report.errors.count == 4)
        #expect(report.warnings.map(\.kind) == [.weakValueType])
        #expect(report.findings.map(\.severity) == [.error, .error, .error, .error, .warning])
        let lines = report.description.split(separator: "\n")
        #expect(lines.first == "The graph is not valid: 4 error(s), 1 warning(s).")
        #expect(lines.count == 6)
    }

    @Test func validGraphSaysSo() {
        let container = DIContainer()
        container.register(Cat.init)
        container.register(Owner.init)
        let report = container.validate()
        #expect(report.isValid)
        #expect(report.description == "The graph is valid: no errors, no warnings.")
    }
}

private protocol WeakAnimal: Sendable {}
private final class WeakCat: WeakAnimal {}
