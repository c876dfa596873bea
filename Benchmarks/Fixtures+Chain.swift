// The chain of `deepChain20`: Chain0 needs Chain1, ..., Chain18 needs Chain19.

final class Chain19: Sendable { init() {} }
final class Chain18: Sendable {
    let next: Chain19
    init(next: Chain19) { self.next = next }
}
final class Chain17: Sendable {
    let next: Chain18
    init(next: Chain18) { self.next = next }
}
final class Chain16: Sendable {
    let next: Chain17
    init(next: Chain17) { self.next = next }
}
final class Chain15: Sendable {
    let next: Chain16
    init(next: Chain16) { self.next = next }
}
final class Chain14: Sendable {
    let next: Chain15
    init(next: Chain15) { self.next = next }
}
final class Chain13: Sendable {
    let next: Chain14
    init(next: Chain14) { self.next = next }
}
final class Chain12: Sendable {
    let next: Chain13
    init(next: Chain13) { self.next = next }
}
final class Chain11: Sendable {
    let next: Chain12
    init(next: Chain12) { self.next = next }
}
final class Chain10: Sendable {
    let next: Chain11
    init(next: Chain11) { self.next = next }
}
final class Chain9: Sendable {
    let next: Chain10
    init(next: Chain10) { self.next = next }
}
final class Chain8: Sendable {
    let next: Chain9
    init(next: Chain9) { self.next = next }
}
final class Chain7: Sendable {
    let next: Chain8
    init(next: Chain8) { self.next = next }
}
final class Chain6: Sendable {
    let next: Chain7
    init(next: Chain7) { self.next = next }
}
final class Chain5: Sendable {
    let next: Chain6
    init(next: Chain6) { self.next = next }
}
final class Chain4: Sendable {
    let next: Chain5
    init(next: Chain5) { self.next = next }
}
final class Chain3: Sendable {
    let next: Chain4
    init(next: Chain4) { self.next = next }
}
final class Chain2: Sendable {
    let next: Chain3
    init(next: Chain3) { self.next = next }
}
final class Chain1: Sendable {
    let next: Chain2
    init(next: Chain2) { self.next = next }
}
final class Chain0: Sendable {
    let next: Chain1
    init(next: Chain1) { self.next = next }
}
