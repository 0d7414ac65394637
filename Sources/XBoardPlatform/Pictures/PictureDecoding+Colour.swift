import XBoard

extension PictureDecoding {
    /// What a decode does about colour: the conversion to run on the pixels once they are
    /// premultiplied ARGB32 and upright, and the conversion from sRGB to run instead when the
    /// stated profile turns out not to fit the picture (a grey profile on a colour picture).
    struct ColourPlan {
        var conversion: ColourTransform?
        /// sRGB to the target; `nil` when that is nothing to do.
        var fromSRGB: ColourTransform?
        /// Why what the file states is not used, worded for the user ("…; shown as sRGB").
        var warning: String?

        /// Colour management off, or nothing to do.
        static let none = ColourPlan(conversion: nil, fromSRGB: nil, warning: nil)

        /// The plan for `file` (of `container`) under `colour`: what the file states, read from
        /// its bytes (`EmbeddedColour`), as `colour` converts it. Nothing at all without `colour`
        /// (`--colour-management off`). A statement that cannot be used is shown as sRGB, said
        /// in the warning.
        init(_ colour: ColourConversion?, container: EmbeddedOrientation.Container, file: FileReader) {
            guard let colour else {
                self = .none
                return
            }
            let fromSRGB = (try? colour.conversion(for: .sRGB).get()) ?? nil
            switch EmbeddedColour.read(container, from: file.byteReader).flatMap({ colour.conversion(for: $0) }) {
            case .success(let conversion):
                self.init(conversion: conversion, fromSRGB: fromSRGB, warning: nil)
            case .failure(let problem):
                self.init(conversion: fromSRGB, fromSRGB: fromSRGB, warning: "\(problem); shown as sRGB")
            }
        }

        init(conversion: ColourTransform?, fromSRGB: ColourTransform?, warning: String?) {
            self.conversion = conversion
            self.fromSRGB = fromSRGB
            self.warning = warning
        }

        /// Converts the decoded pixels in place; returns the warning to add, if any.
        func apply(to pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int, isOpaque: Bool) -> String? {
            guard let conversion else { return warning }
            if conversion.apply(to: pixels, width: width, height: height, stride: stride, isOpaque: isOpaque) { return warning }
            _ = fromSRGB?.apply(to: pixels, width: width, height: height, stride: stride, isOpaque: isOpaque)
            return "its ICC profile is for grey pictures and the picture is in colour; shown as sRGB"
        }
    }
}
