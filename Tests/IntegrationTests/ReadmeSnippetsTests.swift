import Foundation
import Testing

/// The README's Swift snippets cannot drift from the tests that compile them: every code line
/// of every snippet appears in `ReadmeTests`, `ReadmeSectionsTests` or `ReadmeResolverTests`.
@Suite struct ReadmeSnippetsTests {
    /// Snippet lines the tests write differently, each with the reason.
    static let scaffolding: Set<String> = [
        "do {", "} catch {", "}",
        // The quick start's `do`/`catch` around the throwing resolve: the test checks the error.
        "_ = checked", "print(error)",
        // Printed in the README, checked for `digraph` in the test.
        "print(container.graphvizDOT())",
        // The test makes the token optional, to drop it and see the scope end.
        "let (screenLifetime, screenToken) = Lifetime.make()",
    ]

    /// The package root: three levels above this file (`Tests/IntegrationTests/<file>`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `line` without its trailing `//` comment and with its runs of spaces made one.
    static func normalized(_ line: Substring) -> String {
        var code = line
        if let comment = code.firstRange(of: "  //") ?? code.firstRange(of: " // ") {
            code = code[..<comment.lowerBound]
        }
        return code.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// The code lines of the README's ```swift blocks, comment lines left out.
    static func snippetLines() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var lines: [String] = []
        var inSwift = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inSwift = line == "```swift"
                continue
            }
            guard inSwift else { continue }
            let code = normalized(line)
            if !code.isEmpty && !code.hasPrefix("//") { lines.append(code) }
        }
        return lines
    }

    @Test func everySnippetLineIsCompiledByAReadmeTest() throws {
        let tests = try ["ReadmeTests.swift", "ReadmeSectionsTests.swift", "ReadmeResolverTests.swift"].map {
            try String(
                contentsOf: Self.root.appendingPathComponent("Tests/IntegrationTests/\($0)"), encoding: .utf8)
        }
        let compiled = tests.joined(separator: "\n").split(separator: "\n").map(Self.normalized).joined(separator: "\n")
        let lines = try Self.snippetLines()
        #expect(lines.count > 20)
        for line in lines where !Self.scaffolding.contains(line) {
            let compiledByATest = compiled.contains(line)
            #expect(compiledByATest, "README.md's snippet line `\(line)` is in no README test")
        }
    }
}
