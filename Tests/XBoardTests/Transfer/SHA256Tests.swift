import Testing
import XBoard

/// SHA-256 against the vectors of FIPS 180-4's examples (and the lengths around a block's end).
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func theStandardsVectorsHash(text: String, digest: String) {
        #expect(SHA256.hex(of: Array(text.utf8)) == digest)
    }

    @Test func aMillionAsHashInPiecesAsWhole() {
        var hash = SHA256()
        for _ in 0..<1000 { hash.update([UInt8](repeating: UInt8(ascii: "a"), count: 1000)) }
        let digest = hash.finish().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(digest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func lengthsAroundABlocksEndDiffer() {
        let digests = Set((54...66).map { SHA256.hex(of: [UInt8](repeating: 0x61, count: $0)) })
        #expect(digests.count == 13)
        #expect(SHA256.hex(of: [UInt8](repeating: 0x61, count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }
}
