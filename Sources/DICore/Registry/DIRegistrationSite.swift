/// The place in source code where a component was registered.
///
/// A component is identified by its registration site, the type registered there, and which
/// registration of that type from that site it is in its container: one `register` line
/// executed for two containers is one component, two lines that register the same type are
/// two components, and a line run three times in one container (a loop) or for two types (a
/// generic helper) adds a component each time. Caching lifetimes that outlive a container
/// (`.perRun`, `.single`) and custom scopes key their instances by that identity.
public struct DIRegistrationSite: Hashable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` spells it (`Module/File.swift`).
    public var file: String { fileLiteral.description }
    /// The `#fileID` literal: a site copied around the registration path is then plain data,
    /// with no string to retain and release.
    let fileLiteral: StaticString
    /// The line of the `register` call.
    public let line: UInt
    /// The column of the `register` call.
    public let column: UInt
    /// A small integer unique to this site within the process, for cheap keys.
    let id: Int

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    /// Whether two sites are the same `register` call.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    /// Hashes the site by its interned number.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Returns the site of a `register` call, interning it so the same call always gets the same id.
    ///
    /// Internal: `register` does not intern a site; the registry does, and only when it needs
    /// one (see ``ComponentIdentity``'s look-up by the call's literals).
    static func intern(file: StaticString, line: UInt, column: UInt) -> DIRegistrationSite {
        let key = unsafe SiteKey(file: UInt(bitPattern: file.utf8Start), line: line, column: column)
        return sites.withLock { sites in
            if let site = sites.byKey[key] { return site }
            // NB: a literal may be duplicated across object files; the text decides identity.
            let text = file.description
            let textKey = "\(text):\(line):\(column)"
            let id = sites.idsByText[textKey] ?? sites.idsByText.count
            sites.idsByText[textKey] = id
            let site = DIRegistrationSite(fileLiteral: file, line: line, column: column, id: id)
            sites.byKey.set(key, site)
            return site
        }
    }

    /// The process-wide table that gives each registration site its small integer.
    private static let sites = Protected((byKey: QuickTable<SiteKey, DIRegistrationSite>(), idsByText: [String: Int]()))
}

/// A registration site as its literal's address, line and column: a `#fileID` literal has one
/// address per binary, so the key hashes three integers instead of a path.
private struct SiteKey: QuickHashable {
    let file: UInt
    let line: UInt
    let column: UInt

    var quickHash: UInt { file &+ line &* 65_599 &+ column &* 8_191 }
}
