import DICore

/// The rules a child container runs by, which DICore asks through its extension point
/// (`HierarchyRules`) for every container made with ``DIContainer/init(parent:)``; a root
/// container never asks them.
///
/// Where a child looks after a miss is its parent (`Hierarchy.parent`, on up the chain); each
/// other rule has its own file:
/// - who builds an instance the child finds (`ChildRules+PointOfView.swift`);
/// - which components `[T]` lists from a child (`ChildRules+ListedComponents.swift`);
/// - what validation reports of a child, and ``DIContainer/validate(childScope:)``
///   (`ChildRules+Validation.swift`).
enum ChildRules: HierarchyRules {}
