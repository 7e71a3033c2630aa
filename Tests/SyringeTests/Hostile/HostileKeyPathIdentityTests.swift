import Syringe
import Testing

final class HTwinA: Sendable {}

extension Container {
    fileprivate var hostileTwin: HTwinA { provide(.cached) { HTwinA() } }
    fileprivate var hostileSetting: Int {
        get { provide(.cached) { 1 } }
        set { override(newValue) }
    }
}

extension HTwinSub {
    fileprivate var twin: Int { provide(.singleton) { 10 } }
}

/// Two container properties of one name declared in two files (or two modules of one app, where Swift allows
/// it) are two dependencies. Found broken: a key-path key was identified by the owner and the property's name
/// only, so the second property got the first one's instance (or its override), silently when the types
/// agreed, and stopped the program ("cannot build `Container.x` synchronously") when they did not.
@Suite("Hostile: key-path identity")
struct HostileKeyPathIdentityTests {
    @Test func twoPropertiesOfOneNameAndTypeInTwoFilesStayDistinct() {
        let container = Container()
        #expect(container.hostileSetting == 1)
        #expect(HTwinOther.setting(container) == 2)
        container.hostileSetting = 5
        #expect(container.hostileSetting == 5)
        #expect(HTwinOther.setting(container) == 2)
        HTwinOther.setSetting(container, 7)
        #expect(container.hostileSetting == 5)
        #expect(HTwinOther.setting(container) == 7)
    }

    @Test func twoPropertiesOfOneNameAndOtherTypesInTwoFilesStayDistinct() {
        let container = Container()
        let a = container.hostileTwin
        let b = HTwinOther.twin(container)
        #expect(container.hostileTwin === a)
        #expect(HTwinOther.twin(container) === b)
    }

    @Test func twoSubContainerPropertiesOfOneNameInTwoFilesStayDistinct() {
        let container = Container()
        #expect(HTwinSub(container: container).twin == 10)
        #expect(HTwinOther.subTwin(container) == 20)
    }
}
