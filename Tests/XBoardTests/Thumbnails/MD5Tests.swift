import Testing
import XBoard

/// MD5 against RFC 1321's test suite (A.5), the standard's own example and lengths around the
/// padding boundary.
@Suite struct MD5Tests {
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
    func theRFCSuite(message: String, digest: String) {
        #expect(MD5.hexDigest(Array(message.utf8)) == digest)
    }

    @Test func messagesAcrossThePaddingBoundaryHashAsTheyShould() {
        // 55, 56 and 64 bytes: one block, a second block for the length, a whole block.
        #expect(MD5.hexDigest([UInt8](repeating: 0x61, count: 55)) == "ef1772b6dff9a122358552954ad0df65")
        #expect(MD5.hexDigest([UInt8](repeating: 0x61, count: 56)) == "3b0c8ac703f828b04c6c197006d17218")
        #expect(MD5.hexDigest([UInt8](repeating: 0x61, count: 64)) == "014842d480b571495a4a0363793f7367")
        #expect(MD5.digest([UInt8]()).count == 16)
    }
}
