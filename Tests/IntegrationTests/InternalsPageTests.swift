import Foundation
import Testing

/// `Documentation/Internals.md` states nothing the tree contradicts.
///
/// Every file it names exists; every type, `Type.member` and `function(label:)` it names in
/// backticks is declared in `Sources/` or `Tests/`; each of its checked claims (a line
/// "- home: " with a name and files in backticks) lists exactly the files of `Sources/` whose
/// code names that name. A false statement planted in a copy fails the checker
/// (`aPlantedFalseStatementFails`).
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

    /// Every `.swift` file under `Tests/`, as paths relative to the root.
    static let testFiles: [String] = {
        let tests = root.appendingPathComponent("Tests")
        guard let walk = FileManager.default.enumerator(atPath: tests.path) else { return [] }
        return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "Tests/" + $0 }
    }()

    /// The names `Sources/` and `Tests/` declare as types (or extend), and as members: the
    /// page names tests too.
    static let declared: (types: Set<String>, members: Set<String>) = {
        let text = (sourceFiles + testFiles).compactMap {
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

    /// The page as checked-in.
    static func page() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Documentation/Internals.md"), encoding: .utf8)
    }

    /// The backticked spans of `page`, outside fenced code blocks.
    static func backticked(in page: String) -> [String] {
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

    /// The page's backticked spans, outside fenced code blocks.
    static func backticked() throws -> [String] { backticked(in: try page()) }

    /// Each file's text with its comments left out (from `//` to the end of a line), by path.
    static let codeByFile: [String: String] = {
        var code: [String: String] = [:]
        for file in sourceFiles {
            guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else { continue }
            code[file] = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
            }.joined(separator: "\n")
        }
        return code
    }()

    /// The files of `Sources/` whose code names `name` as a whole word.
    static func filesNaming(_ name: String) -> Set<String> {
        let word = try! Regex("\\b\(name)\\b").wordBoundaryKind(.simple)
        return Set(codeByFile.filter { $0.value.contains(word) }.map(\.key))
    }

    /// A path as a `home:` line writes it, relative to `Sources/`: relative to
    /// `Sources/DICore/` unless it starts with a module's folder.
    static func sourcePath(_ path: String) -> String {
        let modules = ["DICore", "DILifetime", "DIScopes", "DIModules", "DIHierarchy"]
        let first = path.split(separator: "/").first.map(String.init) ?? ""
        return modules.contains(first) ? "Sources/" + path : "Sources/DICore/" + path
    }

    /// What `page` says that `Sources/` contradicts, one message per statement: a checked
    /// claim ("- home: `Name` in `file`, ...") whose files are not exactly those whose code
    /// names `Name`, a source file, type, member or function it names that does not exist.
    static func problems(in page: String) -> [String] {
        var problems: [String] = []
        let spans = backticked(in: page)
        for file in spans where file.hasSuffix(".swift") && !file.contains(" ") {
            let exists =
                FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path)
                || (sourceFiles + testFiles).contains { $0 == file || $0.hasSuffix("/" + file) }
            if !exists {
                problems.append("names \(file), which is not under Sources/ or Tests/")
            }
        }
        let names = spans.filter { !$0.hasSuffix(".swift") }.compactMap(dottedNames)
        var types: Set<String> = []
        for dotted in names {
            types.insert(dotted[0])
            types.formUnion(dotted.dropFirst().filter { $0.first?.isUppercase == true })
        }
        for type in types.sorted() where !notDeclaredHere.contains(type) && !declaresType(type) {
            problems.append("names `\(type)`, which Sources/ and Tests/ do not declare")
        }
        for dotted in names where dotted.count > 1 {
            if let last = dotted.last, last.first?.isLowercase == true, last != "init", last != "self",
                !declaresMember(last)
            {
                problems.append("names `\(dotted.joined(separator: "."))`, whose member Sources/ and Tests/ do not declare")
            }
        }
        for span in spans {
            if let function = functionName(span), !declaresMember(function) {
                problems.append("names `\(span)`, which Sources/ and Tests/ do not declare")
            }
        }
        for line in page.split(separator: "\n") where line.hasPrefix("- home: ") {
            let parts = backticked(in: String(line))
            guard parts.count > 1 else {
                problems.append("cannot read the claim \(line)")
                continue
            }
            let listed = Set(parts.dropFirst().map(sourcePath))
            for path in listed.sorted() where !sourceFiles.contains(path) {
                problems.append("claims a home of `\(parts[0])` in \(path), which does not exist")
            }
            let found = filesNaming(parts[0])
            for path in found.subtracting(listed).sorted() {
                problems.append("claims `\(parts[0])` is only in the files listed, but \(path) uses it too")
            }
            for path in listed.intersection(sourceFiles).subtracting(found).sorted() {
                problems.append("claims `\(parts[0])` is used in \(path), which does not use it")
            }
        }
        return problems
    }

    /// `name(label:)` or `name()` as its function's name: `"name"`; `nil` for any other span.
    static func functionName(_ span: String) -> String? {
        guard let match = span.wholeMatch(of: /([a-z_][A-Za-z0-9_]*)\(([A-Za-z_]+:)*\)/) else { return nil }
        let name = String(match.output.1)
        return name == "init" ? nil : name
    }

    /// Whether `name` is declared as a type (or extended) somewhere in `Sources/` or `Tests/`.
    static func declaresType(_ name: String) -> Bool {
        declared.types.contains(name)
    }

    /// Whether `name` is declared as a member somewhere in `Sources/` or `Tests/`.
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
    func thePageStatesNothingTheSourcesContradict() throws {
        let page = try Self.page()
        #expect(Self.backticked(in: page).contains { $0.hasSuffix(".swift") })
        #expect(page.contains("\n- home: "))
        for problem in Self.problems(in: page) {
            Issue.record(Comment(rawValue: "Internals.md \(problem)"))
        }
    }

    @Test
    func everyCheckedClaimHolds() throws {
        let claims = try Self.page().split(separator: "\n").filter { $0.hasPrefix("- home: ") }
        #expect(claims.count >= 5)
        for claim in claims {
            #expect(Self.problems(in: String(claim)).isEmpty, "\(claim)")
        }
    }

    /// A false statement planted in a copy of the page fails the checker.
    @Test(arguments: [
        "- home: `unsafeDowncast` in `Runtime/UnsafeCast.swift`",
        "- home: `nextResolveID` in `Extending/BuildGate.swift`, `Runtime/ActiveResolveSlot.swift`",
        "- home: `nextResolveID` in `Extending/BuildGate.swift`, `Runtime/NoSuchFile.swift`",
        "- home: `upstreamContainer` in `Extending/DIContainer+Chain.swift`",
        "The walk is in `Runtime/NoSuchWalk.swift`.",
        "`DIContainer.noSuchMember` walks the chain.",
        "`NoSuchPrimitive` holds the words.",
        "`noSuchFunction(of:)` interns the sites.",
    ])
    func aPlantedFalseStatementFails(_ statement: String) throws {
        let copy = try Self.page() + "\n" + statement + "\n"
        #expect(!Self.problems(in: copy).isEmpty, "planted: \(statement)")
        #expect(!Self.problems(in: statement).isEmpty, "planted: \(statement)")
    }

    @Test func theCheckerReadsNamesAsThePageWritesThem() {
        #expect(Self.dottedNames("ComponentBox<T>.instance(in:)") == ["ComponentBox", "instance"])
        #expect(Self.dottedNames("DIError.Reason") == ["DIError", "Reason"])
        #expect(Self.dottedNames("resolve(_:)") == nil)
        #expect(Self.dottedNames("T?") == nil)
        #expect(Self.declaresType("DIContainer"))
        #expect(!Self.declaresType("NoSuchTypeAnywhere"))
        #expect(Self.declaresMember("resolve"))
        #expect(Self.functionName("readableName(of:)") == "readableName")
        #expect(Self.functionName("yieldThread()") == "yieldThread")
        #expect(Self.functionName("init(upstream:)") == nil)
        #expect(Self.functionName("register(Cat.init)") == nil)
        #expect(Self.sourcePath("Runtime/UnsafeObjectWord.swift") == "Sources/DICore/Runtime/UnsafeObjectWord.swift")
        #expect(Self.sourcePath("DIScopes/DIScope.swift") == "Sources/DIScopes/DIScope.swift")
    }
}
