import DICore
import DIModules
import Testing

@Suite struct ImportTests {
    @Test func importOutsideAnyLoadIsAValidationError() throws {
        let container = DIContainer()
        container.import(FrameworkB.self)
        let note = try #require(container.validationNotes.first)
        #expect(container.validationNotes.count == 1)
        #expect(note.severity == .error)
        #expect(note.message.contains("import(\(String(reflecting: FrameworkB.self)).self)"))
        #expect(note.message.contains("outside any framework's load"))
    }

    @Test func importInsidePartOutsideAnyFrameworkIsAValidationError() {
        let container = DIContainer()
        container.append(part: MisplacedImportPart.self)
        #expect(container.validationNotes.count == 1)
        #expect(container.validationNotes.first?.severity == .error)
    }

    @Test func importInsideFrameworkLoadRecordsNoNote() {
        let container = DIContainer()
        container.append(framework: FrameworkB.self)
        container.append(framework: FrameworkC.self)
        container.append(framework: FrameworkI.self)
        #expect(container.validationNotes.isEmpty)
    }
}
