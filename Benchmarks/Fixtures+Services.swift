// The 100 types of `containerBuild100`: `Service0` has no dependency, every other one needs
// `Service0`. Written out (by a one-off shell loop) as an application would write them.

import DICore

final class Service0: Sendable { init() {} }
final class Service1: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service2: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service3: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service4: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service5: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service6: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service7: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service8: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service9: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service10: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service11: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service12: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service13: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service14: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service15: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service16: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service17: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service18: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service19: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service20: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service21: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service22: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service23: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service24: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service25: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service26: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service27: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service28: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service29: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service30: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service31: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service32: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service33: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service34: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service35: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service36: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service37: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service38: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service39: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service40: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service41: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service42: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service43: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service44: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service45: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service46: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service47: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service48: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service49: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service50: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service51: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service52: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service53: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service54: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service55: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service56: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service57: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service58: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service59: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service60: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service61: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service62: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service63: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service64: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service65: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service66: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service67: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service68: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service69: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service70: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service71: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service72: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service73: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service74: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service75: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service76: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service77: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service78: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service79: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service80: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service81: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service82: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service83: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service84: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service85: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service86: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service87: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service88: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service89: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service90: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service91: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service92: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service93: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service94: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service95: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service96: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service97: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service98: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}
final class Service99: Sendable {
    let base: Service0
    init(base: Service0) { self.base = base }
}

/// Registers the 100 services, each `.prototype`.
func registerServices(in container: DIContainer) {
    container.register(Service0.init)
    container.register(Service1.init)
    container.register(Service2.init)
    container.register(Service3.init)
    container.register(Service4.init)
    container.register(Service5.init)
    container.register(Service6.init)
    container.register(Service7.init)
    container.register(Service8.init)
    container.register(Service9.init)
    container.register(Service10.init)
    container.register(Service11.init)
    container.register(Service12.init)
    container.register(Service13.init)
    container.register(Service14.init)
    container.register(Service15.init)
    container.register(Service16.init)
    container.register(Service17.init)
    container.register(Service18.init)
    container.register(Service19.init)
    container.register(Service20.init)
    container.register(Service21.init)
    container.register(Service22.init)
    container.register(Service23.init)
    container.register(Service24.init)
    container.register(Service25.init)
    container.register(Service26.init)
    container.register(Service27.init)
    container.register(Service28.init)
    container.register(Service29.init)
    container.register(Service30.init)
    container.register(Service31.init)
    container.register(Service32.init)
    container.register(Service33.init)
    container.register(Service34.init)
    container.register(Service35.init)
    container.register(Service36.init)
    container.register(Service37.init)
    container.register(Service38.init)
    container.register(Service39.init)
    container.register(Service40.init)
    container.register(Service41.init)
    container.register(Service42.init)
    container.register(Service43.init)
    container.register(Service44.init)
    container.register(Service45.init)
    container.register(Service46.init)
    container.register(Service47.init)
    container.register(Service48.init)
    container.register(Service49.init)
    container.register(Service50.init)
    container.register(Service51.init)
    container.register(Service52.init)
    container.register(Service53.init)
    container.register(Service54.init)
    container.register(Service55.init)
    container.register(Service56.init)
    container.register(Service57.init)
    container.register(Service58.init)
    container.register(Service59.init)
    container.register(Service60.init)
    container.register(Service61.init)
    container.register(Service62.init)
    container.register(Service63.init)
    container.register(Service64.init)
    container.register(Service65.init)
    container.register(Service66.init)
    container.register(Service67.init)
    container.register(Service68.init)
    container.register(Service69.init)
    container.register(Service70.init)
    container.register(Service71.init)
    container.register(Service72.init)
    container.register(Service73.init)
    container.register(Service74.init)
    container.register(Service75.init)
    container.register(Service76.init)
    container.register(Service77.init)
    container.register(Service78.init)
    container.register(Service79.init)
    container.register(Service80.init)
    container.register(Service81.init)
    container.register(Service82.init)
    container.register(Service83.init)
    container.register(Service84.init)
    container.register(Service85.init)
    container.register(Service86.init)
    container.register(Service87.init)
    container.register(Service88.init)
    container.register(Service89.init)
    container.register(Service90.init)
    container.register(Service91.init)
    container.register(Service92.init)
    container.register(Service93.init)
    container.register(Service94.init)
    container.register(Service95.init)
    container.register(Service96.init)
    container.register(Service97.init)
    container.register(Service98.init)
    container.register(Service99.init)
}

/// Registers the 100 services in the naive container.
func registerServices(in container: NaiveContainer) {
    container.register { _ in Service0() }
    container.register { Service1(base: $0.resolve()) }
    container.register { Service2(base: $0.resolve()) }
    container.register { Service3(base: $0.resolve()) }
    container.register { Service4(base: $0.resolve()) }
    container.register { Service5(base: $0.resolve()) }
    container.register { Service6(base: $0.resolve()) }
    container.register { Service7(base: $0.resolve()) }
    container.register { Service8(base: $0.resolve()) }
    container.register { Service9(base: $0.resolve()) }
    container.register { Service10(base: $0.resolve()) }
    container.register { Service11(base: $0.resolve()) }
    container.register { Service12(base: $0.resolve()) }
    container.register { Service13(base: $0.resolve()) }
    container.register { Service14(base: $0.resolve()) }
    container.register { Service15(base: $0.resolve()) }
    container.register { Service16(base: $0.resolve()) }
    container.register { Service17(base: $0.resolve()) }
    container.register { Service18(base: $0.resolve()) }
    container.register { Service19(base: $0.resolve()) }
    container.register { Service20(base: $0.resolve()) }
    container.register { Service21(base: $0.resolve()) }
    container.register { Service22(base: $0.resolve()) }
    container.register { Service23(base: $0.resolve()) }
    container.register { Service24(base: $0.resolve()) }
    container.register { Service25(base: $0.resolve()) }
    container.register { Service26(base: $0.resolve()) }
    container.register { Service27(base: $0.resolve()) }
    container.register { Service28(base: $0.resolve()) }
    container.register { Service29(base: $0.resolve()) }
    container.register { Service30(base: $0.resolve()) }
    container.register { Service31(base: $0.resolve()) }
    container.register { Service32(base: $0.resolve()) }
    container.register { Service33(base: $0.resolve()) }
    container.register { Service34(base: $0.resolve()) }
    container.register { Service35(base: $0.resolve()) }
    container.register { Service36(base: $0.resolve()) }
    container.register { Service37(base: $0.resolve()) }
    container.register { Service38(base: $0.resolve()) }
    container.register { Service39(base: $0.resolve()) }
    container.register { Service40(base: $0.resolve()) }
    container.register { Service41(base: $0.resolve()) }
    container.register { Service42(base: $0.resolve()) }
    container.register { Service43(base: $0.resolve()) }
    container.register { Service44(base: $0.resolve()) }
    container.register { Service45(base: $0.resolve()) }
    container.register { Service46(base: $0.resolve()) }
    container.register { Service47(base: $0.resolve()) }
    container.register { Service48(base: $0.resolve()) }
    container.register { Service49(base: $0.resolve()) }
    container.register { Service50(base: $0.resolve()) }
    container.register { Service51(base: $0.resolve()) }
    container.register { Service52(base: $0.resolve()) }
    container.register { Service53(base: $0.resolve()) }
    container.register { Service54(base: $0.resolve()) }
    container.register { Service55(base: $0.resolve()) }
    container.register { Service56(base: $0.resolve()) }
    container.register { Service57(base: $0.resolve()) }
    container.register { Service58(base: $0.resolve()) }
    container.register { Service59(base: $0.resolve()) }
    container.register { Service60(base: $0.resolve()) }
    container.register { Service61(base: $0.resolve()) }
    container.register { Service62(base: $0.resolve()) }
    container.register { Service63(base: $0.resolve()) }
    container.register { Service64(base: $0.resolve()) }
    container.register { Service65(base: $0.resolve()) }
    container.register { Service66(base: $0.resolve()) }
    container.register { Service67(base: $0.resolve()) }
    container.register { Service68(base: $0.resolve()) }
    container.register { Service69(base: $0.resolve()) }
    container.register { Service70(base: $0.resolve()) }
    container.register { Service71(base: $0.resolve()) }
    container.register { Service72(base: $0.resolve()) }
    container.register { Service73(base: $0.resolve()) }
    container.register { Service74(base: $0.resolve()) }
    container.register { Service75(base: $0.resolve()) }
    container.register { Service76(base: $0.resolve()) }
    container.register { Service77(base: $0.resolve()) }
    container.register { Service78(base: $0.resolve()) }
    container.register { Service79(base: $0.resolve()) }
    container.register { Service80(base: $0.resolve()) }
    container.register { Service81(base: $0.resolve()) }
    container.register { Service82(base: $0.resolve()) }
    container.register { Service83(base: $0.resolve()) }
    container.register { Service84(base: $0.resolve()) }
    container.register { Service85(base: $0.resolve()) }
    container.register { Service86(base: $0.resolve()) }
    container.register { Service87(base: $0.resolve()) }
    container.register { Service88(base: $0.resolve()) }
    container.register { Service89(base: $0.resolve()) }
    container.register { Service90(base: $0.resolve()) }
    container.register { Service91(base: $0.resolve()) }
    container.register { Service92(base: $0.resolve()) }
    container.register { Service93(base: $0.resolve()) }
    container.register { Service94(base: $0.resolve()) }
    container.register { Service95(base: $0.resolve()) }
    container.register { Service96(base: $0.resolve()) }
    container.register { Service97(base: $0.resolve()) }
    container.register { Service98(base: $0.resolve()) }
    container.register { Service99(base: $0.resolve()) }
}

/// Every service type, for walking all of them.
let serviceTypes: [AnyObject.Type] = [
    Service0.self,
    Service1.self,
    Service2.self,
    Service3.self,
    Service4.self,
    Service5.self,
    Service6.self,
    Service7.self,
    Service8.self,
    Service9.self,
    Service10.self,
    Service11.self,
    Service12.self,
    Service13.self,
    Service14.self,
    Service15.self,
    Service16.self,
    Service17.self,
    Service18.self,
    Service19.self,
    Service20.self,
    Service21.self,
    Service22.self,
    Service23.self,
    Service24.self,
    Service25.self,
    Service26.self,
    Service27.self,
    Service28.self,
    Service29.self,
    Service30.self,
    Service31.self,
    Service32.self,
    Service33.self,
    Service34.self,
    Service35.self,
    Service36.self,
    Service37.self,
    Service38.self,
    Service39.self,
    Service40.self,
    Service41.self,
    Service42.self,
    Service43.self,
    Service44.self,
    Service45.self,
    Service46.self,
    Service47.self,
    Service48.self,
    Service49.self,
    Service50.self,
    Service51.self,
    Service52.self,
    Service53.self,
    Service54.self,
    Service55.self,
    Service56.self,
    Service57.self,
    Service58.self,
    Service59.self,
    Service60.self,
    Service61.self,
    Service62.self,
    Service63.self,
    Service64.self,
    Service65.self,
    Service66.self,
    Service67.self,
    Service68.self,
    Service69.self,
    Service70.self,
    Service71.self,
    Service72.self,
    Service73.self,
    Service74.self,
    Service75.self,
    Service76.self,
    Service77.self,
    Service78.self,
    Service79.self,
    Service80.self,
    Service81.self,
    Service82.self,
    Service83.self,
    Service84.self,
    Service85.self,
    Service86.self,
    Service87.self,
    Service88.self,
    Service89.self,
    Service90.self,
    Service91.self,
    Service92.self,
    Service93.self,
    Service94.self,
    Service95.self,
    Service96.self,
    Service97.self,
    Service98.self,
    Service99.self,
]
