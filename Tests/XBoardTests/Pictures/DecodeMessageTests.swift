import Testing
import XBoard

/// The board reads a helper's messages as untrusted bytes: every field checked, anything else
/// refused, the text made one line.
@Suite struct DecodeMessageTests {
    static let decoded = DecodeMessage.Reply(
        id: 41, outcome: .decoded(width: 320, height: 240, stride: 1280, hasAlpha: true, nativeWidth: 4000, nativeHeight: 3000),
        text: "truncated JPEG (the end-of-image marker is missing); shown as far as it decodes", cpuMilliseconds: 1500)

    @Test func messagesSurviveTheRoundTrip() {
        #expect(DecodeMessage.Reply(bytes: Self.decoded.bytes) == Self.decoded)
        let failed = DecodeMessage.Reply(id: 2, outcome: .failed, text: "could not be decoded: Bogus Huffman table", cpuMilliseconds: 7)
        #expect(DecodeMessage.Reply(bytes: failed.bytes) == failed)
        #expect(
            DecodeMessage.Request(bytes: DecodeMessage.Request(id: 9, maximumLongEdge: 2048).bytes)
                == DecodeMessage.Request(id: 9, maximumLongEdge: 2048))
        #expect(DecodeMessage.Start(bytes: DecodeMessage.Start(problem: nil).bytes) == DecodeMessage.Start(problem: nil))
        #expect(DecodeMessage.Start(bytes: DecodeMessage.Start(problem: "no seccomp").bytes)?.problem == "no seccomp")
    }

    @Test func malformedRepliesAreRefused() {
        let bytes = Self.decoded.bytes
        #expect(DecodeMessage.Reply(bytes: bytes + [0]) == nil, "trailing bytes")
        #expect(DecodeMessage.Reply(bytes: Array(bytes.dropLast())) == nil, "cut short")
        var otherVersion = bytes
        otherVersion[4] = 1  // the version before requests said where colours go
        #expect(DecodeMessage.Reply(bytes: otherVersion) == nil)
        var unknownKind = bytes
        unknownKind[16] = 9
        #expect(DecodeMessage.Reply(bytes: unknownKind) == nil)
        #expect(DecodeMessage.Reply(bytes: DecodeMessage.Request(id: 1, maximumLongEdge: 1).bytes) == nil, "a request is no reply")
        #expect(DecodeMessage.Reply(bytes: [UInt8](repeating: 0, count: DecodeMessage.maximumLength + 1)) == nil)
    }

    /// A request for a part of a picture (a tile) says which, at which scale; a reply must be
    /// exactly that part's size (however small the long edge it names).
    @Test func aRequestForAPartSaysWhichAndItsReplyMustBeThatSize() {
        let region = DecodeMessage.Region(scaleDenominator: 2, x: 512, y: 256, width: 256, height: 200)
        let request = DecodeMessage.Request(id: 7, maximumLongEdge: 256, region: region)
        #expect(DecodeMessage.Request(bytes: request.bytes) == request)
        #expect(DecodeMessage.Request(id: 7, maximumLongEdge: 256, thumbnailLongEdge: 128, region: region).thumbnailLongEdge == 0)
        // Fields at 36…59: whether a part, its denominator, x, y, width, height.
        for (offset, value) in [(40, 3), (53, 0), (56, 0), (36, 2)] {
            var bytes = request.bytes
            bytes[offset] = UInt8(value)
            #expect(DecodeMessage.Request(bytes: bytes) == nil, "byte \(offset) = \(value)")
        }
        var whole = DecodeMessage.Request(id: 7, maximumLongEdge: 256).bytes
        whole[40] = 2  // a denominator without a part
        #expect(DecodeMessage.Request(bytes: whole) == nil)
        func reply(_ width: Int, _ height: Int) -> DecodeMessage.Reply {
            DecodeMessage.Reply(
                id: 7,
                outcome: .decoded(
                    width: width, height: height, stride: width * 4, hasAlpha: false, nativeWidth: 16000, nativeHeight: 12000),
                text: "", cpuMilliseconds: 1)
        }
        #expect(reply(256, 200).problem(answering: request) == nil)
        #expect(reply(200, 256).problem(answering: request) != nil, "the part's size, not another")
        #expect(reply(256, 200).problem(answering: DecodeMessage.Request(id: 7, maximumLongEdge: 128)) != nil)
    }

    @Test func requestsSayWhereColoursGoAndDisplayProfilesTravelWithTheirGeneration() throws {
        for colour: DecodeMessage.Request.Colour in [.unmanaged, .sRGB, .display(generation: 3), .display(generation: .max)] {
            let request = DecodeMessage.Request(id: 5, maximumLongEdge: 512, colour: colour)
            #expect(DecodeMessage.Request(bytes: request.bytes) == request, "\(colour)")
        }
        var noGeneration = DecodeMessage.Request(id: 5, maximumLongEdge: 512, colour: .display(generation: 1)).bytes
        noGeneration[24] = 0  // generation 0 names no profile
        #expect(DecodeMessage.Request(bytes: noGeneration) == nil)
        var unknownColour = DecodeMessage.Request(id: 5, maximumLongEdge: 512).bytes
        unknownColour[20] = 7
        #expect(DecodeMessage.Request(bytes: unknownColour) == nil)

        let profile = DecodeMessage.DisplayProfile(generation: 2, byteCount: 3144)
        #expect(DecodeMessage.DisplayProfile(bytes: profile.bytes) == profile)
        #expect(DecodeMessage.DisplayProfile(bytes: DecodeMessage.DisplayProfile(generation: 0, byteCount: 1).bytes) == nil)
        #expect(DecodeMessage.Request(bytes: profile.bytes) == nil && DecodeMessage.DisplayProfile(bytes: Self.decoded.bytes) == nil)

        let taken = DecodeMessage.DisplayProfileReply(generation: 2, problem: nil)
        #expect(DecodeMessage.DisplayProfileReply(bytes: taken.bytes) == taken)
        let refused = DecodeMessage.DisplayProfileReply(generation: 2, problem: "its ICC profile is damaged (no acsp signature)\nsecond")
        let read = try #require(DecodeMessage.DisplayProfileReply(bytes: refused.bytes))
        #expect(read.problem == "its ICC profile is damaged (no acsp signature) second")
        #expect(DecodeMessage.DisplayProfileReply(bytes: refused.bytes + [0]) == nil)
    }

    @Test func aReplysTextBecomesOneLineAndALongOneIsCutAtACharacter() throws {
        let noisy = DecodeMessage.Reply(id: 1, outcome: .failed, text: "line one\nline two\r\u{1B}[31mred\u{2028}", cpuMilliseconds: 0)
        let read = try #require(DecodeMessage.Reply(bytes: noisy.bytes))
        #expect(read.text == "line one line two  [31mred ")
        let long = DecodeMessage.Reply(id: 1, outcome: .failed, text: String(repeating: "é", count: 5000), cpuMilliseconds: 0)
        let cut = try #require(DecodeMessage.Reply(bytes: long.bytes))
        #expect(long.bytes.count <= DecodeMessage.maximumLength && !cut.text.isEmpty && cut.text.allSatisfy { $0 == "é" })
    }

    @Test func aReplyIsCheckedAgainstItsRequest() {
        let request = DecodeMessage.Request(id: 41, maximumLongEdge: 1024)
        #expect(Self.decoded.problem(answering: request) == nil)
        #expect(Self.decoded.problem(answering: DecodeMessage.Request(id: 40, maximumLongEdge: 1024)) != nil, "another request's reply")
        #expect(Self.decoded.problem(answering: DecodeMessage.Request(id: 41, maximumLongEdge: 256)) != nil, "bigger than asked")
        func reply(_ width: Int, _ height: Int, stride: Int, native: (Int, Int) = (4000, 3000)) -> DecodeMessage.Reply {
            DecodeMessage.Reply(
                id: 41,
                outcome: .decoded(
                    width: width, height: height, stride: stride, hasAlpha: false, nativeWidth: native.0, nativeHeight: native.1),
                text: "", cpuMilliseconds: 0)
        }
        #expect(reply(320, 240, stride: 1284).problem(answering: request) != nil, "padded rows")
        #expect(reply(0, 240, stride: 0).problem(answering: request) != nil, "empty")
        #expect(reply(320, 240, stride: 1280, native: (60000, 60000)).problem(answering: request) != nil, "a native size over the limit")
        #expect(DecodeMessage.Reply(id: 41, outcome: .failed, text: "x", cpuMilliseconds: 0).problem(answering: request) == nil)
    }
}
