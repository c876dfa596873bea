import DICore

protocol Animal: AnyObject { var sound: String { get } }
final class Cat: Animal { let sound = "meow"; init() {} }
final class Dog: Animal { let sound = "woof"; init() {} }
final class Bowl { init() {} }
final class Owner {
    let cat: Cat
    let bowl: Bowl?
    init(cat: Cat, bowl: Bowl?) { self.cat = cat; self.bowl = bowl }
}
struct Point: Equatable { var x: Int; var y: Int }

final class Four {
    let a: Cat, b: Dog, c: Bowl, d: Point
    init(a: Cat, b: Dog, c: Bowl, d: Point) { self.a = a; self.b = b; self.c = c; self.d = d }
}

final class Node {
    let next: Node
    init(next: Node) { self.next = next }
}

final class Ping { let pong: Pong; init(pong: Pong) { self.pong = pong } }
final class Pong { let ping: Ping; init(ping: Ping) { self.ping = ping } }

final class Parent {
    let child: Child
    init(child: Child) { self.child = child }
}
final class Child {
    var parent: Parent?
    var name: String?
    init() {}
}

enum Fluffy {}
enum Grumpy {}

struct Broken: Error {}
