import DICore
import DIModules
import Testing

protocol SecureStorage: AnyObject {}
final class KeychainManager: SecureStorage { init() {} }
final class CryptoManager: SecureStorage { init() {} }
final class SessionService {
    let storage: any SecureStorage
    init(storage: any SecureStorage) { self.storage = storage }
}
final class Vault {
    init(all: [any SecureStorage]) {}
}

final class SecurityFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(KeychainManager.init).as((any SecureStorage).self)
        container.register(SessionService.init)
    }
}

final class CryptoPart: DIPart {
    static func load(container: DIContainer) {
        container.register(CryptoManager.init).as((any SecureStorage).self)
    }
}

/// Validation reports a type that a framework's components take as one instance (settled
/// there) but whose unnamed components a resolve from the container cannot choose among
/// (issue 40 point 5), and stays quiet on the `[T]` pattern.
@Suite struct ContainerAmbiguityTests {
    @Test func anAmbiguitySettledInsideAFrameworkIsReportedForTheContainer() throws {
        let container = DIContainer()
        container.append(framework: SecurityFramework.self)
        container.append(part: CryptoPart.self)
        #expect(throws: DIError.self) { try container.resolve((any SecureStorage).self) }
        _ = try container.resolve(SessionService.self)
        let report = container.validate()
        let finding = try #require(report.findings.first { $0.kind == .ambiguousDependency })
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("SecureStorage"))
        #expect(finding.message.contains("from this container"))
    }

    @Test func severalComponentsTakenOnlyAsAnArrayAreNotReported() {
        let container = DIContainer()
        container.register(KeychainManager.init).as((any SecureStorage).self)
        container.register(CryptoManager.init).as((any SecureStorage).self)
        container.register(Vault.init)
        #expect(container.validate().findings.isEmpty)
    }
}
