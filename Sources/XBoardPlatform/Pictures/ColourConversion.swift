internal import CPictureDecoding
import Synchronization
import SystemPackage
import XBoard

/// Colour management in a decoding process: what each picture states (`StatedColour`) is turned
/// into a Little CMS conversion to one target — the display's profile, or sRGB (for `--export`, or
/// when the display states none) — that the decoder runs on the pixels before they leave the
/// process.
///
/// Conversions are cached by what the picture states (its profile's bytes, or its model), so a
/// folder of photos from one camera opens its profile once; the target is fixed for the life of
/// a conversion, so the cache is one per profile pair. A picture stating sRGB, or nothing, while
/// the target is sRGB gets no conversion at all — an untagged photo costs nothing — and neither
/// does one whose conversion moves no colour by more than a level (`ColourTransform.isIdentity`).
public final class ColourConversion: Sendable {
    /// Where pixels are converted to.
    public enum Target: Hashable, Sendable {
        case sRGB
        case display(DisplayProfile)
    }

    /// sRGB: what `--export` writes, and the in-process loader's default.
    public static let toSRGB = ColourConversion(target: .sRGB)

    /// Most conversions kept (a board of photos from a few cameras and editors needs a handful).
    static let cacheLimit = 32

    public let target: Target
    /// Why the display's profile cannot be used, worded for the user; pictures are then
    /// converted to sRGB.
    public let targetProblem: ColourProblem?

    private struct State {
        /// The target's profile, opened once; `nil` while the target is sRGB and no picture has
        /// needed it yet.
        var profile: ColourProfile?
        var conversions: [StatedColour: Result<ColourTransform?, ColourProblem>] = [:]
    }

    /// Whether the target is sRGB (as asked, or because the display's profile is unusable).
    private let targetIsSRGB: Bool
    private let state: Mutex<State>

    /// A conversion to `target`. A display profile that cannot be used is said in
    /// `targetProblem`, and sRGB is the target instead.
    public init(target: Target) {
        self.target = target
        var profile: ColourProfile?
        var problem: ColourProblem?
        if case .display(let display) = target {
            switch Self.displayProfile(display.bytes) {
            case .success(let opened): profile = opened
            case .failure(let refused): problem = refused
            }
        }
        targetIsSRGB = profile == nil
        targetProblem = problem
        state = Mutex(State(profile: profile))
    }

    /// A display's profile: an RGB one Little CMS reads and can convert sRGB to.
    private static func displayProfile(_ bytes: [UInt8]) -> Result<ColourProfile, ColourProblem> {
        do {
            let profile = try ColourProfile(icc: bytes)
            guard !profile.isGrey else { return .failure(ColourProblem("its ICC profile is for grey, where a display shows colours")) }
            _ = try ColourTransform(from: ColourProfile(), to: profile)
            return .success(profile)
        } catch {
            return .failure(error)
        }
    }

    /// The conversion for a picture stating `stated`: `nil` when none is needed, or why what it
    /// states cannot be used (the picture is then shown as sRGB — converted from sRGB to the
    /// target, which is `conversion(for: .sRGB)`).
    func conversion(for stated: StatedColour) -> Result<ColourTransform?, ColourProblem> {
        if stated == .sRGB, targetIsSRGB { return .success(nil) }
        return state.withLock { state in
            if let known = state.conversions[stated] { return known }
            if state.conversions.count >= Self.cacheLimit { state.conversions.removeAll() }
            let target: ColourProfile
            if let profile = state.profile {
                target = profile
            } else {
                target = ColourProfile()
                state.profile = target
            }
            let made = Result { () throws(ColourProblem) -> ColourTransform? in
                let transform = try ColourTransform(from: Self.source(stated), to: target)
                return transform.isIdentity ? nil : transform
            }
            state.conversions[stated] = made
            return made
        }
    }

    /// The profile a picture states, opened.
    private static func source(_ stated: StatedColour) throws(ColourProblem) -> ColourProfile {
        switch stated {
        case .sRGB: return ColourProfile()
        case .iccProfile(let bytes): return try ColourProfile(icc: bytes)
        case .deflatedICCProfile(let compressed): return try ColourProfile(icc: inflated(compressed))
        case .model(let model): return try ColourProfile(model: model)
        }
    }

    /// A PNG iCCP profile inflated, to at most `ICCProfileHeader.maximumSize` bytes.
    static func inflated(_ compressed: [UInt8]) throws(ColourProblem) -> [UInt8] {
        var length = 0, status: Int32 = 0
        let output = compressed.withUnsafeBufferPointer { buffer in
            cpd_inflate(buffer.baseAddress, buffer.count, ICCProfileHeader.maximumSize, &length, &status)
        }
        guard let output else {
            if status == CPD_INFLATE_TOO_LARGE {
                throw ColourProblem("its ICC profile inflates to over \(ICCProfileHeader.maximumSize >> 20) MiB, the limit")
            }
            throw ColourProblem("its iCCP chunk is damaged (its profile does not inflate)")
        }
        defer { System.freeCMemory(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
