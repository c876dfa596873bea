/// Keeps every result a benchmark produces, so the optimizer cannot drop the work that made it.
///
/// Each thread has its own sink. ``consume(_:)`` is not inlined and stores the object, so the
/// object escapes (no stack promotion) and is released only when the next one replaces it:
/// every variant pays the same store and the same deallocation.
///
/// It takes the object `consuming`, as a caller keeps what it resolved: a container returns
/// an owned reference, and a borrowing sink would retain it once more and the caller release
/// it, two writes to the instance's reference count that hand-written code, handing over a
/// reference it holds, never pays.
final class Sink {
    private(set) var last: AnyObject?
    private(set) var count = 0

    @inline(never)
    func consume(_ object: consuming AnyObject) {
        last = object
        count &+= 1
    }
}
