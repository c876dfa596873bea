import Foundation
import Testing

/// `Documentation/Internals.md` cannot drift from the tree: every source file it names exists,
/// and every type (and `Type.member`) it names in backticks is declared in `Sources/`.
@Suite struct InternalsPageTests {
    /// Names the page may use that the package does not declare: the standard library's, the
    /// Synchronization module's and the package's own modules.
    static let notDeclaredHere: Set<String> = [
        "Any", "AnyObject", "Array", "Atomic", "Bool", "ContiguousArray", "DEBUG", "DI_CHECK_INVARIANTS", "DICore", "DIHierarchy",
        "DILifetime", "DIModules", "DIScopes", "Dictionary", "Double", "Equatable", "Error", "Hashable",
        "Hasher", "Int", "KeyPath", "MainActor", "ManagedBuffer", "Mutex", "Never", "ObjectIdentifier",
        "Optional", "Sendable", "Set", "StaticString", "String", "Task", "TaskLocal", "Thread", "UInt",
        "UnsafeMutableRawPointer", "UnsafeRawPointer", "Unmanaged", "Void",
    ]

    /// The package root: three levels above this file (`Tests/IntegrationTests/<file>`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every `.swift` file under `Sources/`, as paths relative to the root.
    static let sourceFiles: [String] = {
        let sources = root.appendingPathComponent("Sources")
        guard let walk = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "Sources/" + $0 }
    }()

    /// The names `Sources/` declares as types (or extends), and as members.
    static let declared: (types: Set<String>, members: Set<String>) = {
        let text = sourceFiles.compactMap {
            try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
        var types: Set<String> = []
        var members: Set<String> = []
        for word in [
            "class", "struct", "enum", "protocol", "actor", "typealias", "extension", "func", "var", "let", "case",
        ] {
            for match in text.matches(of: try! Regex("\\b\(word)\\s+([A-Za-z_][A-Za-z0-9_]*)")) {
                guard let name = match.output[1].substring.map(String.init) else { continue }
                if ["func", "var", "let", "case"].contains(word) { members.insert(name) } else { types.insert(name) }
            }
        }
        return (types, members)
    }()

    /// The page's backticked spans, outside fenced code blocks.
    static func backticked() throws -> [String] {
        let page = try String(contentsOf: root.appendingPathComponent("Documentation/Internals.md"), encoding: .utf8)
        var spans: [String] = []
        var fenced = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                fenced.toggle()
                continue
            }
            guard !fenced else { continue }
            let pieces = line.split(separator: "`", omittingEmptySubsequences: false)
            spans += stride(from: 1, to: pieces.count - 1, by: 2).map { String(pieces[$0]) }
        }
        return spans
    }

    /// Whether `name` is declared as a type (or extended) somewhere in `Sources/`.
    static func declaresType(_ name: String) -> Bool {
        declared.types.contains(name)
    }

    /// Whether `name` is declared as a member somewhere in `Sources/`.
    static func declaresMember(_ name: String) -> Bool {
        declared.members.contains(name)
    }

    /// `Type.member(label:)` or `Type<T>.member` as its dotted names: `["Type", "member"]`;
    /// `nil` for a span that does not start with an UpperCamelCase name.
    static func dottedNames(_ span: String) -> [String]? {
        var text = span.prefix { $0 != "(" }
        while let open = text.firstIndex(of: "<"), let close = text[open...].firstIndex(of: ">") {
            text.removeSubrange(open...close)
        }
        let names = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = names.first?.first, first.isUppercase, first.isASCII,
            names.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return nil }
        return names
    }

    @Test
    func everySourceFileThePageNamesExists() throws {
        let files = try Self.backticked().filter { $0.hasSuffix(".swift") && !$0.contains(" ") }
        #expect(!files.isEmpty)
        for file in files {
            let found = Self.sourceFiles.contains { $0 == file || $0.hasSuffix("/" + file) }
            #expect(found, "Internals.md names \(file), which is not under Sources/")
        }
    }

    @Test
    func everyTypeThePageNamesIsDeclared() throws {
        let spans = try Self.backticked().filter { !$0.hasSuffix(".swift") }
        var types: Set<String> = []
        for names in spans.compactMap(Self.dottedNames) {
            types.insert(names[0])
            types.formUnion(names.dropFirst().filter { $0.first?.isUppercase == true })
        }
        #expect(!types.isEmpty)
        for type in types.sorted() where !Self.notDeclaredHere.contains(type) {
            #expect(Self.declaresType(type), "Internals.md names `\(type)`, which Sources/ does not declare")
        }
    }

    @Test
    func everyMemberThePageNamesIsDeclared() throws {
        let spans = try Self.backticked().filter { !$0.hasSuffix(".swift") }
        var members: Set<String> = []
        for names in spans.compactMap(Self.dottedNames) where names.count > 1 {
            if let last = names.last, last.first?.isLowercase == true, last != "init", last != "self" {
                members.insert(names.joined(separator: "."))
            }
        }
        for member in members.sorted() {
            let name = String(member.split(separator: ".").last!)
            #expect(Self.declaresMember(name), "Internals.md names `\(member)`, whose member Sources/ does not declare")
        }
    }

    @Test func theCheckerReadsNamesAsThePageWritesThem() {
        #expect(Self.dottedNames("ComponentBox<T>.instance(in:)") == ["ComponentBox", "instance"])
        #expect(Self.dottedNames("DIError.Reason") == ["DIError", "Reason"])
        #expect(Self.dottedNames("resolve(_:)") == nil)
        #expect(Self.dottedNames("T?") == nil)
        #expect(Self.declaresType("DIContainer"))
        #expect(!Self.declaresType("NoSuchTypeAnywhere"))
        #expect(Self.declaresMember("resolve"))
    }
}
