import DICore
import Testing

/// Resolves a chain of `length` components on a `Task`.
private func resolveChain(length: Int) async -> DIError? {
    let container = DIContainer()
    registerChain(container, Start.self, length: length)
    return await Task { () -> DIError? in
        do throws(DIError) {
            let root: Link<Start> = try container.resolve(Link<Start>.self, isolation: nil)
            _ = root
            return nil
        } catch {
            return error
        }
    }.value
}

/// Registers a chain of `length` components resolved one from another through resolver
/// parameters, named "0" (the first) to "length - 1".
private func registerNestedChain(_ container: DIContainer, length: Int) {
    for index in 0..<length {
        let next = "\(index + 1)"
        if index == length - 1 {
            container.register(line: UInt(index + 1)) { Link<Start>(next: nil) }.named("\(index)")
        } else {
            container.register(line: UInt(index + 1)) { (resolver: DIContainer) in
                Link<Start>(next: try resolver.resolve(Link<Start>.self, name: next))
            }.named("\(index)")
        }
    }
}

@Suite struct DepthLimitTests {
    @MainActor @Test func chainPastTheLimitIsTooDeepOnTheMainThread() throws {
        let container = DIContainer()
        registerChain(container, Start.self, length: DIContainer.maxResolutionDepth + 1)
        do {
            _ = try container.resolve(Link<Start>.self)
            Issue.record("resolved past the limit")
        } catch {
            #expect(error.code == .tooDeep)
        }
    }

    @Test func chainPastTheLimitIsTooDeepOnASecondaryThread() async {
        let container = DIContainer()
        registerChain(container, Start.self, length: DIContainer.maxResolutionDepth + 1)
        let code = await onThread { () -> DIError.Code? in
            do throws(DIError) {
                _ = try container.resolve(Link<Start>.self)
                return nil
            } catch {
                return error.code
            }
        }
        #expect(code == .tooDeep)
    }

    @Test func deepNestedResolvesAreAnErrorNotAStackOverflow() async {
        await #expect(processExitsWith: .success) {
            let container = DIContainer()
            registerNestedChain(container, length: 5_000)
            let error = await Task { () -> DIError? in
                do throws(DIError) {
                    _ = try container.resolve(Link<Start>.self, name: "0")
                    return nil
                } catch {
                    return error
                }
            }.value
            precondition(error?.code == .tooDeep)
        }
    }

    @Test func chainAtTheLimitResolvesOnATask() async {
        let error = await resolveChain(length: DIContainer.maxResolutionDepth)
        #expect(error == nil)
    }

    @Test func chainPastTheLimitIsTooDeepOnATask() async throws {
        let error = try #require(await resolveChain(length: DIContainer.maxResolutionDepth + 1))
        #expect(error.code == .tooDeep)
        #expect(error.path.count == DIContainer.maxResolutionDepth)
        #expect(error.description.contains("more)"))
    }

    @Test func deepChainIsAnErrorNotAStackOverflow() async {
        // Before: a stack overflow between 2,000 and 6,000 deep.
        await #expect(processExitsWith: .success) {
            let container = DIContainer()
            registerChain(container, Start.self, length: 8_000)
            let error = await Task { () -> DIError? in
                do throws(DIError) {
                    _ = try container.resolve(Link<Start>.self, isolation: nil)
                    return nil
                } catch {
                    return error
                }
            }.value
            precondition(error?.code == .tooDeep)
        }
    }
}
