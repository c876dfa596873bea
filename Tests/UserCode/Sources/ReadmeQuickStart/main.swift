// swift-format-ignore-file
// The README's quick start pasted as a main.swift (`.ci/user-code` keeps it equal), then checked.
import DICore
import DILifetime

protocol Storage: AnyObject {}
final class FileStorage: Storage { init() {} }
final class Cat {
    let storage: Storage
    init(storage: Storage) { self.storage = storage }
}

let container = DIContainer()
container.register(FileStorage.init)          // an initializer of any arity
    .as(Storage.self)
    .lifetime(.perContainer(.strong))
container.register(Cat.init)                  // .prototype unless told otherwise

let cat: Cat? = container.resolve()           // nil if not registered, or if it fails
let sure: Cat = container.resolve()           // traps with the full diagnostic
do {
    let checked = try container.resolve(Cat.self)   // throws DIError
    _ = checked
} catch {
    print(error)   // "... is not registered. Resolution path: Cat at Main/App.swift:12:11 -> Storage"
}

precondition(cat != nil && sure.storage === checked(), "the quick start's resolves")

func checked() -> Storage { container.resolve() }
print("ReadmeQuickStart: ok")
