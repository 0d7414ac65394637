import Testing
import XBoardPlatform

/// The adapter's hashes, GLib's `GChecksum`, against the standards' own vectors: MD5 against
/// RFC 1321's test suite (A.5), the Thumbnail Managing Standard's example and lengths around the
/// padding boundary; SHA-256 against FIPS 180-4's examples (and the lengths around a block's
/// end).
@Suite struct GLibChecksumTests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
        // The Thumbnail Managing Standard's example.
        ("file:///home/jens/photos/me.png", "c6ee772d9e49320e97ec29a7eb5b1697"),
    ])
    func md5OfTheRFCSuite(message: String, digest: String) {
        #expect(GLibChecksum.hex(.md5, of: Array(message.utf8)) == digest)
    }

    @Test func md5AcrossThePaddingBoundary() {
        // 55, 56 and 64 bytes: one block, a second block for the length, a whole block.
        #expect(GLibChecksum.hex(.md5, of: [UInt8](repeating: 0x61, count: 55)) == "ef1772b6dff9a122358552954ad0df65")
        #expect(GLibChecksum.hex(.md5, of: [UInt8](repeating: 0x61, count: 56)) == "3b0c8ac703f828b04c6c197006d17218")
        #expect(GLibChecksum.hex(.md5, of: [UInt8](repeating: 0x61, count: 64)) == "014842d480b571495a4a0363793f7367")
        #expect(GLibChecksum.digest(.md5, of: [UInt8]()).count == 16)
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func sha256OfTheStandardsVectors(text: String, digest: String) {
        #expect(GLibChecksum.hex(.sha256, of: Array(text.utf8)) == digest)
    }

    @Test func sha256OfAMillionAsInPieces() {
        let checksum = GLibChecksum(.sha256)
        for _ in 0..<1000 { checksum.update([UInt8](repeating: UInt8(ascii: "a"), count: 1000)) }
        let digest = checksum.digest()
        #expect(digest.count == 32)
        #expect(GLibChecksum.hex(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func sha256LengthsAroundABlocksEndDiffer() {
        let digests = Set((54...66).map { GLibChecksum.hex(.sha256, of: [UInt8](repeating: 0x61, count: $0)) })
        #expect(digests.count == 13)
        #expect(
            GLibChecksum.hex(.sha256, of: [UInt8](repeating: 0x61, count: 64))
                == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    @Test func bytesNotInOneArrayHashTheSame() {
        // A collection without contiguous storage goes through a copy.
        let bytes = Array("message digest".utf8)
        #expect(GLibChecksum.hex(.md5, of: bytes.reversed().reversed()) == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(GLibChecksum.hex(.md5, of: bytes[...]) == "f96b697d7cb7938d525a2f31aaf161d0")
    }
}
