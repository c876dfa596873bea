import Synchronization

/// The observers of one container.
final class ObserverList: Sendable {
    let observers = Protected<[any DIObserver]>([])
}
