/// Work that must not run on what is left of a thread's stack: the description of a resolve
/// stopped as `.tooDeep`, and a trap's message.
///
/// A resolve stops with a quarter of its thread's stack left; on a 64 KB thread that is
/// 16 KB, and describing the path (the runtime instantiates metadata on first use, through
/// its demangler) or writing a trap's message can need more: the process then ended in a
/// segfault with no message. Near the resolve's stack limit, the work runs on a new thread
/// with a stack of its own, while the calling thread waits for it
/// (`StackGuardTests.aTrappingProviderAtTooDeepOnA64KBThreadTrapsWithItsMessage`).
///
/// Contract (what a caller must NOT do): let `body` escape, or touch from `body` what the
/// calling thread alone may touch (its thread-local state): `body` runs on another thread,
/// while the caller waits (so what it captures is not used by two threads at once).
package enum FreshStack {
    /// How far above the resolve's stack limit work still runs on the calling thread.
    static let margin: UInt = 256 * 1024

    /// The new thread's stack size.
    static let stackSize = 4 * 1024 * 1024

    /// Runs `body` on a new thread, if the calling thread is within ``margin`` of the point
    /// where a resolve stops, and waits for it; else (or if no thread can be made) runs it here.
    static func run(_ body: () -> Void) {
        guard ActiveResolveSlot.stackIsNearlyExhausted(margin: margin) else { return body() }
        withoutActuallyEscaping(body) { escapable in
            if !runOnNewThread(ThreadJob(escapable), stackSize: stackSize) { escapable() }
        }
    }

    /// Stops the program with the message `message` makes, reported at `file` and `line`:
    /// every trap of the library (the trapping resolve, `Lazy`'s and `Provider`'s trapping
    /// reads), made and written on a fresh stack when the caller's is nearly used.
    package static func trap(_ message: () -> String, file: StaticString, line: UInt) -> Never {
        run { fatalError(message(), file: file, line: line) }
        fatalError(message(), file: file, line: line)
    }
}
