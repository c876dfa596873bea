import Testing

@testable import DICore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct CSymbolTests {
    @Test func findsACFunctionOfTheProcess() throws {
        let lookedUp = try #require(CSymbol.lookup("getpid", as: (@convention(c) () -> pid_t).self))
        #expect(lookedUp() == getpid())
    }

    @Test func aMissingSymbolIsNil() {
        #expect(CSymbol.lookup("di_no_such_symbol_anywhere", as: (@convention(c) () -> Void).self) == nil)
    }

    @Test func offTheMainThreadTheCheckSaysSo() async {
        // A test runs off the main thread.
        #expect(!_isMainThread())
    }
}
