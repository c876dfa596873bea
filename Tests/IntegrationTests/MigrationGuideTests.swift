import DICore
import DIHierarchy
import DILifetime
import DIModules
import DIScopes
import Foundation
import Testing

// The snippets of the two migration articles (ComingFromSwinject.md and
// ComingFromDITranquillity.md), with the types they assume: each article's table row and code
// block is compiled and run here, and `MigrationGuideSnippetsTests` checks that every line of
// the articles' code is in this file.

private protocol Animal: AnyObject {}
private final class Cat: Animal { init() {} }
private final class StubCat: Animal { init() {} }
private final class Home {
    let cat: Cat
    init(cat: Cat) { self.cat = cat }
}
private final class Pair {
    let first: Cat
    let second: Cat
    init(first: Cat, second: Cat) { (self.first, self.second) = (first, second) }
}
private final class Pet {
    let name: String
    init(name: String) { self.name = name }
}
private final class Parent {
    let child: Child
    var started = false
    init(child: Child) { self.child = child }
    func start() { started = true }
}
private final class Child {
    var parent: Parent?
    init() {}
}
private final class Owner { init() {} }
private final class Collar {
    var owner: Owner?
    init() {}
}
private protocol NewCounter: AnyObject {}
private final class NewsCounter: NewCounter { init() {} }
private final class TasksCounter: NewCounter { init() {} }
private final class BadgeUpdater {
    let counters: [NewCounter]
    init(counters: [NewCounter]) { self.counters = counters }
}
private enum Felix {}
/// A view controller a storyboard makes, and the presenter its injection builds.
private final class ScreenVC {
    var presenter: ScreenPresenter?
    init() {}
}
private final class ScreenPresenter {
    let view: ScreenVC
    init(view: ScreenVC) { self.view = view }
}
private final class Shelter {
    let felix: Animal
    let petName: String
    init(felix: Animal, petName: String = "") { (self.felix, self.petName) = (felix, petName) }
}

private final class CatsPart: DIPart {
    static func load(container: DIContainer) {
        container.register(Cat.init).lifetime(.perContainer(.strong))
    }
}
private final class HomesPart: DIPart {
    static func load(container: DIContainer) {
        container.register(Home.init)
    }
}
private final class PetsFramework: DIFramework {
    static func load(container: DIContainer) {
        container.append(part: CatsPart.self)
        container.append(part: HomesPart.self)
    }
}

/// The rows and code of the "Coming from Swinject" article.
@Suite struct SwinjectGuideTests {
    @Test func registersAnInitializerAsAProtocol() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self)
        let animal: Animal = container.resolve()
        #expect(animal is Cat)
    }

    @Test func resolvesInitializerParametersByType() throws {
        let container = DIContainer()
        container.register(Cat.init)
        container.register(Home.init)
        let home = try container.resolve(Home.self)
        _ = home.cat
    }

    @Test func resolvesByHandInAFactory() throws {
        let container = DIContainer()
        container.register(Cat.init).lifetime(.perContainer(.strong))
        container.register { (c: DIContainer) in Home(cat: try c.resolve(Cat.self)) }
        let home = try container.resolve(Home.self)
        #expect(home.cat === (try container.resolve(Cat.self)))
    }

    @Test func namesAComponent() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self).named("cat")
        let cat = try container.resolve(Animal.self, name: "cat")
        #expect(cat is Cat)
        let unnamed: Animal? = container.resolve()
        #expect(unnamed == nil)
    }

    @Test func resolvesInThreeForms() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self)
        let animal: Animal = container.resolve()
        let maybe: Animal? = container.resolve()
        let checked = try container.resolve(Animal.self)
        #expect(animal !== checked)
        #expect(maybe != nil)
        let failing = DIContainer()
        failing.register(Home.init)  // its Cat is not registered
        let home: Home? = failing.resolve()
        #expect(home == nil)
        let error = try #require(throws: DIError.self) { try failing.resolve(Home.self) }
        #expect(error.code == .notRegistered)
    }

    @Test func passesArguments() throws {
        let container = DIContainer()
        container.register { (name: Argument<String>) in Pet(name: name.value) }
        let mimi = try container.resolve(Pet.self, arguments: "Mimi")
        #expect(mimi.name == "Mimi")
    }

    @Test func transientIsTheDefaultPrototype() throws {
        let container = DIContainer()
        container.register(Cat.init)
        #expect(try container.resolve(Cat.self) !== container.resolve(Cat.self))
    }

    @Test func graphIsObjectGraph() throws {
        let container = DIContainer()
        container.register(Cat.init).lifetime(.objectGraph)
        container.register(Pair.init)
        let pair = try container.resolve(Pair.self)
        #expect(pair.first === pair.second)
        #expect(pair.first !== (try container.resolve(Pair.self)).first)
    }

    @Test func containerIsPerContainerStrong() throws {
        let container = DIContainer()
        container.register(Cat.init).lifetime(.perContainer(.strong))
        let child = DIContainer(parent: container)
        #expect(try container.resolve(Cat.self) === child.resolve(Cat.self))
    }

    @Test func singleIsOnePerProgram() throws {
        try DIContainer.withIsolatedProcessWideInstances {
            var cats: [Cat] = []
            for _ in 0..<2 {
                let container = DIContainer()
                container.register(Cat.init).lifetime(.single)
                cats.append(try container.resolve(Cat.self))
            }
            #expect(cats[0] === cats[1])
        }
    }

    @Test func weakIsPerContainerWeak() throws {
        let container = DIContainer()
        container.register(Cat.init).lifetime(.perContainer(.weak))
        let held = try container.resolve(Cat.self)
        #expect(try container.resolve(Cat.self) === held)
    }

    @Test func customScopeAndReset() throws {
        let container = DIContainer()
        let session = DIScope(name: "session", storage: DICacheStorage())
        container.register(Cat.init).lifetime(.custom(session))
        container.register(Owner.init).lifetime(.perContainer(.strong))
        let cat = try container.resolve(Cat.self)
        let owner = try container.resolve(Owner.self)
        session.clean()
        container.clean()
        #expect(try container.resolve(Cat.self) !== cat)
        #expect(try container.resolve(Owner.self) !== owner)
    }

    @Test func initCompletedIsInjectionOrPostInit() throws {
        let container = DIContainer()
        container.register(Owner.init)
        container.register(Collar.init).injection(\.owner)
        container.register(Parent.init).lifetime(.objectGraph).postInit { parent in parent.start() }
        container.register(Child.init).injection(\.parent)
        let collar = try container.resolve(Collar.self)
        #expect(collar.owner != nil)
        let parent = try container.resolve(Parent.self)
        #expect(parent.started)
        #expect(parent.child.parent === parent)
    }

    @Test func childContainer() throws {
        let app = DIContainer()
        app.register(Cat.init).lifetime(.perContainer(.strong))
        let screen = DIContainer(parent: app)
        screen.register(Home.init)
        #expect(try screen.resolve(Home.self).cat === app.resolve(Cat.self))
        #expect(!app.isRegistered(Home.self))
    }

    @Test func replacingARegistrationIsOverride() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self)
        container.register(StubCat.init).as(Animal.self).override()
        let animal = try container.resolve(Animal.self)
        #expect(animal is StubCat)
    }

    @Test func providerAndLazy() throws {
        let container = DIContainer()
        container.register(Cat.init)
        let makeCat: Provider<Cat> = container.resolve()
        let later: Lazy<Cat> = container.resolve()
        #expect(makeCat() !== makeCat())
        #expect(later() === later())
    }

    @Test func synchronizeIsNotNeeded() async throws {
        let container = DIContainer()
        container.register(Cat.init).lifetime(.perContainer(.strong))
        let cats = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<8 {
                group.addTask { ObjectIdentifier(container.resolve() as Cat) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(cats.count == 1)
    }

    @Test func assembliesArePartsAndFrameworks() throws {
        // Snippet "Assembly" start
        final class CatsPart: DIPart {
            static func load(container: DIContainer) {
                container.register(Cat.init).lifetime(.perContainer(.strong))
            }
        }
        final class HomesPart: DIPart {
            static func load(container: DIContainer) {
                container.register(Home.init)
            }
        }

        let container = DIContainer()
        container.append(part: CatsPart.self)
        container.append(part: HomesPart.self)
        // Snippet end
        #expect(try container.resolve(Home.self).cat === container.resolve(Cat.self))
        let framed = DIContainer()
        framed.append(framework: PetsFramework.self)
        #expect(framed.isRegistered(Home.self))
    }
}

/// The rows and code of the "Coming from DITranquillity" article.
@Suite struct DITranquillityGuideTests {
    @Test func sameRegistrationSpellings() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self) { $0 }
        container.register(Home.init).lifetime(.perRun(.weak))
        container.register(Owner.init).lifetime(.single)
        #expect(container.initializeSingletonObjects().isEmpty)
        let animal: Animal = container.resolve()
        #expect(animal is Cat)
        #expect(try container.resolve(Owner.self) === container.resolve(Owner.self))
    }

    @Test func defaultAndTestAreDefaultAndOverride() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self).default()
        container.register(StubCat.init).as(Animal.self)
        #expect(try container.resolve(Animal.self) is Cat)
        container.register(StubCat.init).as(Animal.self).override()
        #expect(try container.resolve(Animal.self) is StubCat)
    }

    @Test func names() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self).named("felix")
        #expect(try container.resolve(Animal.self, name: "felix") is Cat)
    }

    @Test func tagsAreTagged() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self).tagged(Felix.self)
        container.register { (felix: Tagged<Felix, Animal>) in Shelter(felix: felix.value) }
        #expect(try container.resolve(Shelter.self).felix is Cat)
    }

    @Test func manyIsAnArray() throws {
        let container = DIContainer()
        container.register(NewsCounter.init).as(NewCounter.self)
        container.register(TasksCounter.init).as(NewCounter.self)
        container.register { (counters: [NewCounter]) in BadgeUpdater(counters: counters) }
        #expect(try container.resolve(BadgeUpdater.self).counters.count == 2)
    }

    @Test func argIsArgument() throws {
        let container = DIContainer()
        container.register { (name: Argument<String>) in Pet(name: name.value) }
        let felix = try container.resolve(Pet.self, arguments: "Felix")
        #expect(felix.name == "Felix")
        container.register { (pet: Pet) in Shelter(felix: Cat(), petName: pet.name) }
        let shelter = try container.resolve(Shelter.self, arguments: .for(Pet.self, "Tom"))
        #expect(shelter.petName == "Tom")
    }

    @Test func cyclesNeedNoMark() throws {
        let container = DIContainer()
        container.register(Parent.init).lifetime(.objectGraph)
        container.register(Child.init).injection(\.parent)
        let parent: Parent = container.resolve()
        #expect(parent.child.parent === parent)
        #expect(container.validate().isValid)
    }

    @Test func injectionClosuresNameTheirTypes() throws {
        let container = DIContainer()
        container.register(Owner.init)
        container.register(Collar.init).injection { (collar: Collar, owner: Owner) in collar.owner = owner }
        #expect(try container.resolve(Collar.self).owner != nil)
    }

    @Test func postInit() throws {
        let container = DIContainer()
        container.register(Child.init)
        container.register(Parent.init).postInit { parent in parent.start() }
        #expect(try container.resolve(Parent.self).started)
    }

    @Test func storyboardInjectionGivesItsInstanceToWhatItBuilds() throws {
        let container = DIContainer()
        container.register(ScreenVC.self).injection { (vc: ScreenVC, presenter: ScreenPresenter) in vc.presenter = presenter }
        container.register(ScreenPresenter.init)
        let viewController = ScreenVC()
        try container.inject(into: viewController)
        #expect(viewController.presenter?.view === viewController)
        #expect(container.validate().isValid)
        #expect(throws: DIError.self) { try container.resolve(ScreenPresenter.self) }
    }

    @Test func partsFrameworksAndHierarchy() throws {
        let app = DIContainer()
        app.append(framework: PetsFramework.self)
        let screen = DIContainer(parent: app)
        let home = try screen.resolve(Home.self, from: PetsFramework.self)
        #expect(home.cat === (try app.resolve(Cat.self)))
    }

    @Test func validationIsAReport() {
        let container = DIContainer()
        container.register(Home.init)
        let report = container.validate()
        #expect(!report.isValid)
        #expect(!report.findings.isEmpty)
    }

    @Test func lazyAndProviderTakeArguments() throws {
        let container = DIContainer()
        container.register { (name: Argument<String>) in Pet(name: name.value) }
        let makePet: Provider<Pet> = container.resolve()
        #expect(makePet("Tom").name == "Tom")
    }

    @Test func resolveForms() throws {
        let container = DIContainer()
        container.register(Cat.init)
        let cat: Cat = container.resolve()
        let checked = try container.resolve(Cat.self)
        #expect(cat !== checked)
    }
}

/// The articles' code cannot drift from the tests above: every line of their ```swift blocks,
/// and every code span in the "here" column of their tables, appears in this file.
@Suite struct MigrationGuideSnippetsTests {
    static let articles = ["ComingFromSwinject.md", "ComingFromDITranquillity.md"]

    /// The code to check in `article`: code lines of its ```swift blocks, comment lines left
    /// out, and the code spans of the second column of its tables.
    static func code(of article: String) throws -> [String] {
        let url = ReadmeSnippetsTests.root.appendingPathComponent("Sources/DICore/DICore.docc/\(article)")
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines: [String] = []
        var inSwift = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inSwift = line == "```swift"
                continue
            }
            if inSwift {
                let code = ReadmeSnippetsTests.normalized(line)
                if !code.isEmpty && !code.hasPrefix("//") { lines.append(code) }
            } else if line.hasPrefix("|") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                guard cells.count > 3 else { continue }
                let spans = cells[2].split(separator: "`", omittingEmptySubsequences: false)
                // The odd pieces are inside backquotes.
                for index in stride(from: 1, to: spans.count, by: 2) {
                    lines.append(ReadmeSnippetsTests.normalized(spans[index]))
                }
            }
        }
        return lines
    }

    @Test(arguments: articles) func everySnippetIsCompiledByAMigrationTest(article: String) throws {
        let url = ReadmeSnippetsTests.root.appendingPathComponent("Tests/IntegrationTests/MigrationGuideTests.swift")
        let tests = try String(contentsOf: url, encoding: .utf8)
        let compiled = tests.split(separator: "\n").map(ReadmeSnippetsTests.normalized).joined(separator: "\n")
        let lines = try Self.code(of: article)
        #expect(lines.count > 15)
        for line in lines {
            let compiledByATest = compiled.contains(line)
            #expect(compiledByATest, "\(article)'s code `\(line)` is in no test of MigrationGuideTests.swift")
        }
    }
}
