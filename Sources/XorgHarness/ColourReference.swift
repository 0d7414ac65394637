import CColourReference

/// Little CMS called the plain way (`CColourReference`), apart from the board's conversion: the
/// colour a picture stating a profile must show, and the profiles the tests make.
public enum ColourReference {
    /// `colour` (0xRRGGBB) converted from the profile `source` to the profile `target` (`nil`:
    /// sRGB) with the perceptual intent, as Little CMS computes it for one 8-bit colour.
    public static func convert(_ colour: UInt32, from source: [UInt8]?, to target: [UInt8]?) throws -> UInt32 {
        let input: [UInt8] = [UInt8(colour >> 16 & 0xFF), UInt8(colour >> 8 & 0xFF), UInt8(colour & 0xFF)]
        var output: [UInt8] = [0, 0, 0]
        let from = source ?? [], to = target ?? []
        let status = from.withUnsafeBufferPointer { from in
            to.withUnsafeBufferPointer { to in ccr_convert(from.baseAddress, from.count, to.baseAddress, to.count, input, &output) }
        }
        guard status == 0 else { throw HarnessError("Little CMS cannot convert between the test's profiles") }
        return UInt32(output[0]) << 16 | UInt32(output[1]) << 8 | UInt32(output[2])
    }

    /// An RGB profile of white and primaries (x, y each: white, red, green, blue) and an ICC
    /// parametric tone curve, written by Little CMS.
    public static func matrixProfile(chromaticities: [Double], curveType: Int32, parameters: [Double], description: String) throws
        -> [UInt8]
    {
        precondition(chromaticities.count == 8, "white, red, green, blue: x and y each")
        var bytes = [UInt8](repeating: 0, count: 64 * 1024)
        let padded = parameters + Array(repeating: 0, count: max(0, 10 - parameters.count))
        let length = ccr_rgb_profile(chromaticities, curveType, padded, description, &bytes, bytes.count)
        guard length > 0 else { throw HarnessError("Little CMS cannot make the \(description) profile") }
        return Array(bytes.prefix(Int(length)))
    }

    /// The same colour space as a lookup-table profile of `grid` points a side: large (33 makes
    /// about 215 KB), as scanner and camera profiles are.
    public static func lookupTableProfile(chromaticities: [Double], curveType: Int32, parameters: [Double], grid: Int32) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 4 << 20)
        let padded = parameters + Array(repeating: 0, count: max(0, 10 - parameters.count))
        let length = ccr_lut_profile(chromaticities, curveType, padded, grid, &bytes, bytes.count)
        guard length > 0 else { throw HarnessError("Little CMS cannot make a lookup-table profile") }
        return Array(bytes.prefix(Int(length)))
    }

    /// A grey profile: D50 white, a pure power `gamma`.
    public static func greyProfile(gamma: Double) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 64 * 1024)
        let length = ccr_grey_profile(gamma, &bytes, bytes.count)
        guard length > 0 else { throw HarnessError("Little CMS cannot make a grey profile") }
        return Array(bytes.prefix(Int(length)))
    }

    /// A grey level from the grey profile `source` to RGB in `target` (`nil`: sRGB).
    public static func convert(grey: UInt8, from source: [UInt8], to target: [UInt8]?) throws -> UInt32 {
        var output: [UInt8] = [0, 0, 0]
        let to = target ?? []
        let status = source.withUnsafeBufferPointer { from in
            to.withUnsafeBufferPointer { to in ccr_convert_grey(from.baseAddress, from.count, to.baseAddress, to.count, grey, &output) }
        }
        guard status == 0 else { throw HarnessError("Little CMS cannot convert from the grey profile") }
        return UInt32(output[0]) << 16 | UInt32(output[1]) << 8 | UInt32(output[2])
    }
}
