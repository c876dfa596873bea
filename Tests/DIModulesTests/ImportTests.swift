import DIHierarchy
import DIModules
import Testing

@testable import DICore

@Suite struct ImportTests {
    @Test func importOutsideAnyLoadIsAValidationError() throws {
        let container = DIContainer()
        container.import(FrameworkB.self)
        let notes = container.validationCheckFindings.filter { $0.kind == .note }
        let note = try #require(notes.first)
        #expect(notes.count == 1)
        #expect(note.severity == .error)
        #expect(note.message.contains("import(\(String(reflecting: FrameworkB.self)).self)"))
        #expect(note.message.contains("outside any framework's load"))
    }

    @Test func importInsidePartOutsideAnyFrameworkIsAValidationError() {
        let container = DIContainer()
        container.append(part: MisplacedImportPart.self)
        let notes = container.validationCheckFindings.filter { $0.kind == .note }
        #expect(notes.count == 1)
        #expect(notes.first?.severity == .error)
    }

    @Test func importInsideFrameworkLoadRecordsNoNote() {
        let container = DIContainer()
        container.append(framework: FrameworkB.self)
        container.append(framework: FrameworkC.self)
        container.append(framework: FrameworkI.self)
        #expect(!container.validationCheckFindings.contains { $0.kind == .note })
    }

    @Test func importOfAFrameworkNeverAppendedIsReportedByValidation() throws {
        let container = DIContainer()
        container.append(framework: FrameworkC.self)  // imports B, which nobody appends
        let finding = try #require(container.validate().findings.first { $0.kind == .importNotAppended })
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("\(String(reflecting: FrameworkC.self)) imports \(String(reflecting: FrameworkB.self))"))
        #expect(finding.message.contains("at DIModulesTests/Fixtures.swift:"))
        #expect(finding.message.contains("append(framework:"))
    }

    @Test func importOfAFrameworkAppendedLaterOrUpstreamIsNotReported() {
        let later = DIContainer()
        later.append(framework: FrameworkC.self)
        later.append(framework: FrameworkB.self)
        #expect(!later.validate().findings.contains { $0.kind == .importNotAppended })
        let parent = DIContainer()
        parent.append(framework: FrameworkB.self)
        let child = DIContainer(parent: parent)
        child.append(framework: FrameworkC.self)
        #expect(!child.validate().findings.contains { $0.kind == .importNotAppended })
    }
}
