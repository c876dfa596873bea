import DICore
