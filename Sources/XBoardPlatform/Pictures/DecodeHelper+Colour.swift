import SystemPackage
import XBoard

extension DecodeHelper {
    /// A helper's colour targets: sRGB, and the display profile the board sent last.
    struct HelperColour {
        var display: (generation: UInt64, conversion: ColourConversion)?

        /// Takes the display profile in `memoryFile` (sealed; closed here) as `profile.generation`;
        /// the answer says why it cannot be used, if it cannot (pictures then go to sRGB).
        mutating func take(_ profile: DecodeMessage.DisplayProfile, memoryFile: Int32) -> DecodeMessage.DisplayProfileReply {
            defer { try? FileDescriptor(rawValue: memoryFile).close() }
            func refuse(_ problem: String) -> DecodeMessage.DisplayProfileReply {
                display = (profile.generation, .toSRGB)
                return DecodeMessage.DisplayProfileReply(generation: profile.generation, problem: problem)
            }
            guard profile.byteCount > 0, profile.byteCount <= ICCProfileHeader.maximumSize else {
                return refuse("its ICC profile is \(profile.byteCount) bytes, over the \(ICCProfileHeader.maximumSize >> 20) MiB limit")
            }
            let bytes: [UInt8]
            do {
                let base = try SealedMemoryFile.mapReadOnly(memoryFile, byteCount: profile.byteCount)
                defer { System.unmap(base, byteCount: profile.byteCount) }
                bytes = Array(UnsafeRawBufferPointer(start: base, count: profile.byteCount))
            } catch {
                return refuse(error.description)
            }
            let conversion = ColourConversion(target: .display(XBoard.DisplayProfile(bytes: bytes, origin: "")))
            display = (profile.generation, conversion)
            return DecodeMessage.DisplayProfileReply(generation: profile.generation, problem: conversion.targetProblem?.description)
        }

        /// The conversion a request asks for (sRGB when it names a display profile this helper was
        /// not sent, which the board never does).
        func conversion(for colour: DecodeMessage.Request.Colour) -> ColourConversion? {
            switch colour {
            case .unmanaged: nil
            case .sRGB: .toSRGB
            case .display(let generation): display.flatMap { $0.generation == generation ? $0.conversion : nil } ?? .toSRGB
            }
        }
    }
}
