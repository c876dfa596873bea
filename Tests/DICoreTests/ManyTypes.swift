import DICore

struct T1 {}
struct T2 {}
struct T3 {}
struct T4 {}
struct T5 {}
struct T6 {}
struct T7 {}
struct T8 {}
struct T9 {}
struct T10 {}
struct T11 {}
struct T12 {}
struct T13 {}
struct T14 {}
struct T15 {}
struct T16 {}
struct T17 {}
struct T18 {}
struct T19 {}
struct T20 {}
struct T21 {}
struct T22 {}
struct T23 {}
struct T24 {}
struct T25 {}
struct T26 {}
struct T27 {}
struct T28 {}
struct T29 {}
struct T30 {}
struct T31 {}
struct T32 {}
struct T33 {}
struct T34 {}
struct T35 {}
struct T36 {}
struct T37 {}
struct T38 {}
struct T39 {}
struct T40 {}

func registerManyTypes(in container: DIContainer) {
    container.register { T1() }
    _ = container.resolve() as T1?
    container.register { T2() }
    _ = container.resolve() as T2?
    container.register { T3() }
    _ = container.resolve() as T3?
    container.register { T4() }
    _ = container.resolve() as T4?
    container.register { T5() }
    _ = container.resolve() as T5?
    container.register { T6() }
    _ = container.resolve() as T6?
    container.register { T7() }
    _ = container.resolve() as T7?
    container.register { T8() }
    _ = container.resolve() as T8?
    container.register { T9() }
    _ = container.resolve() as T9?
    container.register { T10() }
    _ = container.resolve() as T10?
    container.register { T11() }
    _ = container.resolve() as T11?
    container.register { T12() }
    _ = container.resolve() as T12?
    container.register { T13() }
    _ = container.resolve() as T13?
    container.register { T14() }
    _ = container.resolve() as T14?
    container.register { T15() }
    _ = container.resolve() as T15?
    container.register { T16() }
    _ = container.resolve() as T16?
    container.register { T17() }
    _ = container.resolve() as T17?
    container.register { T18() }
    _ = container.resolve() as T18?
    container.register { T19() }
    _ = container.resolve() as T19?
    container.register { T20() }
    _ = container.resolve() as T20?
    container.register { T21() }
    _ = container.resolve() as T21?
    container.register { T22() }
    _ = container.resolve() as T22?
    container.register { T23() }
    _ = container.resolve() as T23?
    container.register { T24() }
    _ = container.resolve() as T24?
    container.register { T25() }
    _ = container.resolve() as T25?
    container.register { T26() }
    _ = container.resolve() as T26?
    container.register { T27() }
    _ = container.resolve() as T27?
    container.register { T28() }
    _ = container.resolve() as T28?
    container.register { T29() }
    _ = container.resolve() as T29?
    container.register { T30() }
    _ = container.resolve() as T30?
    container.register { T31() }
    _ = container.resolve() as T31?
    container.register { T32() }
    _ = container.resolve() as T32?
    container.register { T33() }
    _ = container.resolve() as T33?
    container.register { T34() }
    _ = container.resolve() as T34?
    container.register { T35() }
    _ = container.resolve() as T35?
    container.register { T36() }
    _ = container.resolve() as T36?
    container.register { T37() }
    _ = container.resolve() as T37?
    container.register { T38() }
    _ = container.resolve() as T38?
    container.register { T39() }
    _ = container.resolve() as T39?
    container.register { T40() }
    _ = container.resolve() as T40?
}
