import DICore
import Dispatch
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Registers a chain of `length` components, each resolving the next through its resolver
/// parameter, named "0" (the first) to "length - 1".
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

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it.
private func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    final class Box: Sendable {
        let body: @Sendable () -> Void
        let done = DispatchSemaphore(value: 0)
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Box(body)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    precondition(pthread_attr_setstacksize(&attributes, stackSize) == 0)
    #if canImport(Glibc)
        var thread = pthread_t()
    #else
        var thread: pthread_t?
    #endif
    let status = pthread_create(
        &thread, &attributes,
        { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            box.done.signal()
            return nil
        }, Unmanaged.passRetained(box).toOpaque())
    precondition(status == 0)
    pthread_detach(thread)
    box.done.wait()
}

/// The code of what a resolve of `length` links on a thread of `stackSize` bytes ends with:
/// `nil` for an instance; a stack overflow ends the process.
private func chainOutcome(stackSize: Int, nested: Bool, length: Int) -> DIError.Code? {
    let container = DIContainer()
    if nested {
        registerNestedChain(container, length: length)
    } else {
        registerChain(container, Start.self, length: length)
    }
    final class Outcome: @unchecked Sendable {
        // NB: @unchecked: written by the thread before it signals, read after the wait.
        var code: DIError.Code?
    }
    let outcome = Outcome()
    onThread(stackSize: stackSize) {
        do throws(DIError) {
            if nested {
                _ = try container.resolve(Link<Start>.self, name: "0")
            } else {
                _ = try container.resolve(Link<Start>.self)
            }
        } catch {
            outcome.code = error.code
        }
    }
    return outcome.code
}

// Issue 25, point 3: the stack was checked only from depth 32, so a debug build overflowed
// a 256 KB thread at depth 31 through resolver parameters, and a 128 KB one with plain
// initializers. Every push now compares the stack pointer with the resolve's limit.
@Suite struct StackGuardTests {
    @Test func plainChainOnA128KBThreadIsTooDeepNotACrash() async {
        await #expect(processExitsWith: .success) {
            let code = chainOutcome(stackSize: 128 * 1024, nested: false, length: 400)
            precondition(code == nil || code == .tooDeep, "\(String(describing: code))")
        }
    }

    @Test func nestedChainOnA256KBThreadIsTooDeepNotACrash() async {
        await #expect(processExitsWith: .success) {
            let code = chainOutcome(stackSize: 256 * 1024, nested: true, length: 400)
            precondition(code == .tooDeep, "\(String(describing: code))")
        }
    }

    @Test func nestedChainOnA128KBThreadIsTooDeepNotACrash() async {
        await #expect(processExitsWith: .success) {
            let code = chainOutcome(stackSize: 128 * 1024, nested: true, length: 60)
            precondition(code == nil || code == .tooDeep, "\(String(describing: code))")
        }
    }

    @Test func plainChainOnA256KBThreadIsTooDeepNotACrash() async {
        await #expect(processExitsWith: .success) {
            let code = chainOutcome(stackSize: 256 * 1024, nested: false, length: 400)
            precondition(code == nil || code == .tooDeep, "\(String(describing: code))")
        }
    }

    @Test func shortChainOnA128KBThreadResolves() {
        #expect(chainOutcome(stackSize: 128 * 1024, nested: false, length: 3) == nil)
    }

    /// A chain whose factories each call the trapping `provider()` of the next, on a small
    /// thread: the innermost call meets `.tooDeep` with a quarter of the stack left, and the
    /// trap must still say why (issue 36, point 9: it segfaulted without a message).
    @Test func aTrappingProviderAtTooDeepOnA64KBThreadTrapsWithItsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            resolveTrappingProviderChain(stackSize: 64 * 1024)
        }
        expectTooDeepTrapMessage(result)
    }

    @Test func aTrappingProviderAtTooDeepOnA128KBThreadTrapsWithItsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            resolveTrappingProviderChain(stackSize: 128 * 1024)
        }
        expectTooDeepTrapMessage(result)
    }
}

/// Resolves, on a thread of `stackSize` bytes, a chain of 400 components whose factories
/// each call the trapping `provider()` of the next.
private func resolveTrappingProviderChain(stackSize: Int) {
    let container = DIContainer()
    for index in 0..<400 {
        let next = "\(index + 1)"
        container.register(line: UInt(index + 1)) { (resolver: DIContainer) in
            let provider = try resolver.resolve(Provider<Link<Start>>.self, name: next)
            return Link<Start>(next: provider())
        }.named("\(index)")
    }
    removeTestingThrowHooks()
    onThread(stackSize: stackSize) {
        _ = try? container.resolve(Link<Start>.self, name: "0")
    }
}

/// Removes the runtime's hooks on every `throw`, which Swift Testing sets.
///
/// They record a backtrace on the throwing thread's stack: with what a resolve stopped as
/// `.tooDeep` leaves of a 64 KB thread, that recording overflows before the library's code
/// runs again. A program without Swift Testing has no such hook; an exit test's process
/// removes it.
private func removeTestingThrowHooks() {
    #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)
    #else
        let everywhere: UnsafeMutableRawPointer? = nil
    #endif
    for name in ["_swift_willThrow", "_swift_willThrowTypedImpl"] {
        dlsym(everywhere, name)?.storeBytes(of: 0, as: UInt.self)
    }
}

/// Expects the exit test's standard error to hold the trap's message: a stack overflow ends
/// the process with none.
private func expectTooDeepTrapMessage(_ result: ExitTest.Result?) {
    guard let result else { return }
    let output = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(output.contains("is too deep"))
    #expect(output.contains("Provider<"))
}
