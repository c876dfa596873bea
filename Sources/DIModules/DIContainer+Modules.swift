import DICore

extension DIContainer {
    /// Registers a part's components by running its `load`, once per container.
    ///
    /// ```swift
    /// container.append(part: PaymentsPart.self)
    /// container.append(part: PaymentsPart.self)   // already loaded: does nothing
    /// ```
    ///
    /// Appending a part that is already loaded does nothing. When another thread is loading
    /// the same part into this container at that moment, this call waits for that load to
    /// finish, so the part's components are registered when it returns. The one exception is
    /// a cyclic append (a part whose load, directly or through others, appends the part
    /// itself): the inner append returns at once, and the outer load goes on; and an append
    /// whose wait would close a cycle through builds (another thread's load that waits for
    /// a component this append's resolve is building) is skipped the same way. A wait past
    /// `DIContainer.slowBuildWarning` is reported to this container's observers
    /// (`DISlowBuild.load`), and the append keeps waiting.
    ///
    /// A part appended inside a framework's `load` belongs to that framework. A framework
    /// type passed here is appended as a framework, as with
    /// ``append(framework:file:line:column:)``.
    ///
    /// - Parameters:
    ///   - part: The part to load.
    ///   - file: The file of the call, which a slow-wait report names; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    public func append(part: any DIPart.Type, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        let task = BuildGate.taskScope
        let origin = ComponentOrigin(part: part, frameworkType: task.load?.container == serial ? task.load?.group : nil)
        switch ModuleTypes.shared.kind(of: part) {
        case .framework(let framework): append(framework: framework, file: file, line: line, column: column)
        case .part: load(part, as: origin, task: task, file: file, line: line, column: column) { part.load(container: self) }
        }
    }

    /// Registers a framework's components and parts by running its `load`, once per container.
    ///
    /// ```swift
    /// container.append(framework: PaymentsFramework.self)
    /// ```
    ///
    /// Appending twice, from one thread or several, loads once, as for ``append(part:file:line:column:)``.
    /// Components registered by the framework's `load` and by the parts it appends belong to
    /// the framework; a framework it appends is a framework of its own.
    ///
    /// - Parameters:
    ///   - framework: The framework to load.
    ///   - file: The file of the call, which a slow-wait report names; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    public func append(framework: any DIFramework.Type, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        if moduleState.claimPreference() { addAmbiguityResolver(FrameworkPreference()) }
        let origin = ComponentOrigin(part: nil, frameworkType: framework)
        load(framework, as: origin, task: BuildGate.taskScope, file: file, line: line, column: column) { framework.load(container: self) }
    }

    /// Records that the framework whose `load` is running may use `framework`'s components.
    ///
    /// Call it at the start of a framework's `load`:
    ///
    /// ```swift
    /// final class CheckoutFramework: DIFramework {
    ///     static func load(container: DIContainer) {
    ///         container.import(PaymentsFramework.self)
    ///         container.append(part: CheckoutPart.self)
    ///     }
    /// }
    /// ```
    ///
    /// Like Swift's `import`, it permits without obliging, and it loads nothing: append the
    /// imported framework to the container too. It matters when several components fit a
    /// dependency of one of this framework's components and none is the default: those of the
    /// framework itself win, then those of the frameworks it imports. Imports are not
    /// transitive: a framework's imports are its own choice, not its importers'.
    ///
    /// The importer is the framework whose `load` is running on this task (including inside
    /// the parts it appends), not merely the one appended last. Called outside any
    /// framework's `load`, it imports nothing and records an error that validation reports.
    /// A framework imported but not appended to this container or one upstream by the time
    /// the container is validated is a warning of validation's (`importNotAppended`), naming
    /// the import's site.
    ///
    /// - Parameters:
    ///   - framework: The framework whose components the current framework may use.
    ///   - file: The file of the call, for validation's messages.
    ///   - line: The line of the call.
    public func `import`(_ framework: any DIFramework.Type, file: StaticString = #fileID, line: UInt = #line) {
        guard let load = BuildGate.taskScope.load, load.container == serial, let importer = load.group else {
            let name = readableName(of: framework)
            let note = DIValidationFinding(
                kind: .note, severity: .error,
                message: "import(\(name).self) was called outside any framework's load, so nothing imports "
                    + "\(name). Call it at the start of a framework's static load(container:).")
            addValidationCheck { _ in [note] }
            return
        }
        guard ObjectIdentifier(framework) != ObjectIdentifier(importer) else { return }
        if moduleState.recordImport(ModuleState.ImportRecord(importer: importer, imported: framework, site: "\(file):\(line)")) {
            addValidationCheck { container in container.importsNotAppended() }
        }
    }

    /// Validation's check of this container's imports: each imported framework must be
    /// appended to this container or one upstream.
    private func importsNotAppended() -> [DIValidationFinding] {
        moduleState.importRecords.compactMap { record in
            let id = ObjectIdentifier(record.imported)
            guard !chain.contains(where: { $0.moduleState.loads.isDone(id) }) else { return nil }
            let imported = readableName(of: record.imported)
            return DIValidationFinding(
                kind: .importNotAppended, severity: .warning,
                message: "\(readableName(of: record.importer)) imports \(imported) at \(record.site), but \(imported) "
                    + "was never appended to this container or one upstream: the import prefers nothing, and what "
                    + "\(imported) would register is missing. Call container.append(framework: \(imported).self).")
        }
    }

    /// Runs `body` (a part's or framework's `load`) once for `module`, with its registrations
    /// given the attributes of `origin` (``ModuleTypes/scope(of:)``); `task` is the task's scope,
    /// read once by the caller; `file`, `line` and `column` are the append's, which a slow-wait report names.
    ///
    /// Appends nested in a load, and resolves begun in it, belong to its chain of appends
    /// (see ``BuildGate/runOnce(_:in:task:into:group:attributes:reporting:file:line:column:_:)``).
    private func load(
        _ module: Any.Type, as origin: ComponentOrigin, task: BuildGate.TaskScope, file: StaticString, line: UInt, column: UInt,
        _ body: () -> Void
    ) {
        var attributes = ModuleTypes.shared.scope(of: origin)
        // Attributes are set only by loads, so only an append inside a load can find some set.
        let key = ObjectIdentifier(ComponentOrigin.self)
        if task.load != nil, let around = task.attributes, around.values.count != 1 || around.values[key] == nil {
            // Other attributes are set around this load: they and this origin.
            var values = around.values
            values[key] = origin
            attributes = RegistrationAttributes.Scope(values)
        }
        _ = BuildGate.shared.runOnce(
            ObjectIdentifier(module), in: moduleState.loads, task: task, into: self, group: origin.frameworkType,
            attributes: attributes, reporting: module, file: file, line: line, column: column, body)
    }

    /// Resolves a `T` as if a component of `framework` asked for it, so that the framework
    /// settles an ambiguity as its own components' requests do.
    ///
    /// When several components fit and none is the default, the framework's own component
    /// wins, then those of the frameworks it imports.
    ///
    /// ```swift
    /// let client = try container.resolve(HTTPClient.self, from: PaymentsFramework.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - framework: The framework to resolve from; it must have been appended to this
    ///     container or one upstream.
    /// - Returns: The instance, built with the component's lifetime.
    /// - Throws: `DIError`: also `.notRegistered` (naming the framework) when the framework was
    ///   never appended.
    public func resolve<T>(_ type: T.Type, from framework: any DIFramework.Type) throws(DIError) -> T {
        let id = ObjectIdentifier(framework)
        let loaded = chain.map(\.moduleState).filter { $0.loads.isDone(id) }
        guard !loaded.isEmpty else {
            throw DIError(
                .notRegistered(qualifier: nil, hint: "The framework was never appended to this container; append(framework:) it first."),
                requested: framework, path: [])
        }
        return try resolve(T.self, viewpoint: FrameworkViewpoint(framework: id, imports: Set(loaded.flatMap { $0.imports(of: id) })))
    }

    /// Resolves a `T` as if a component of `framework` asked for it, or returns `nil`.
    public func resolve<T>(from framework: any DIFramework.Type) -> T? { try? resolve(T.self, from: framework) }
}

extension DIValidationFinding.Kind {
    /// A framework imported with `import(_:)` but never appended to the container or one
    /// upstream.
    public static let importNotAppended = Self.module("importNotAppended")
}
