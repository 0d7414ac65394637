/// Scales decoded pixels down by averaging: each target pixel is the mean of the source area
/// it covers, source pixels cut by its edges counted by the share inside (a box filter, as
/// pixman's and Pillow's reducing filters). Each of a pixel's four bytes is averaged alone,
/// which is right for premultiplied ARGB32 whatever the order of its channels, and keeps every
/// colour within its alpha.
///
/// It makes a thumbnail and the board's smaller copy from one decode (`PictureDecoding`).
public enum PixelScaling {
    /// Scales `source` (`width`×`height` pixels of 4 bytes, rows `stride` bytes apart) to
    /// `targetWidth`×`targetHeight` into `target` (rows `targetStride` apart). The target must
    /// be no larger than the source on either axis; returns `false` (and writes nothing) when
    /// it is, or when a buffer is too small for what its sizes say.
    @discardableResult
    public static func scaleDown(
        _ source: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, into target: UnsafeMutableRawBufferPointer,
        width targetWidth: Int, height targetHeight: Int, stride targetStride: Int
    ) -> Bool {
        guard width > 0, height > 0, targetWidth > 0, targetHeight > 0, targetWidth <= width, targetHeight <= height,
            stride >= width * 4, targetStride >= targetWidth * 4, source.count >= (height - 1) * stride + width * 4,
            target.count >= (targetHeight - 1) * targetStride + targetWidth * 4
        else { return false }
        let columns = spans(from: width, to: targetWidth)
        let rows = spans(from: height, to: targetHeight)
        var row = [Float](repeating: 0, count: targetWidth * 4)
        var sum = [Float](repeating: 0, count: targetWidth * 4)
        for (targetY, rowSpan) in rows.enumerated() {
            for index in sum.indices { sum[index] = 0 }
            for (offset, rowWeight) in rowSpan.weights.enumerated() {
                let sourceRow = (rowSpan.first + offset) * stride
                for (targetX, columnSpan) in columns.enumerated() {
                    var channels: (Float, Float, Float, Float) = (0, 0, 0, 0)
                    for (columnOffset, weight) in columnSpan.weights.enumerated() {
                        let pixel = sourceRow + (columnSpan.first + columnOffset) * 4
                        channels.0 += Float(source[pixel]) * weight
                        channels.1 += Float(source[pixel + 1]) * weight
                        channels.2 += Float(source[pixel + 2]) * weight
                        channels.3 += Float(source[pixel + 3]) * weight
                    }
                    row[targetX * 4] = channels.0
                    row[targetX * 4 + 1] = channels.1
                    row[targetX * 4 + 2] = channels.2
                    row[targetX * 4 + 3] = channels.3
                }
                for index in sum.indices { sum[index] += row[index] * rowWeight }
            }
            let targetRow = targetY * targetStride
            for index in sum.indices { target[targetRow + index] = UInt8(min(255, max(0, sum[index].rounded()))) }
        }
        return true
    }

    /// The source pixels each of `count` target pixels covers along one axis of `sourceCount`,
    /// from the first, with the share of each (summing to 1).
    static func spans(from sourceCount: Int, to count: Int) -> [(first: Int, weights: [Float])] {
        let step = Double(sourceCount) / Double(count)
        return (0..<count).map { index in
            let start = Double(index) * step, end = min(Double(sourceCount), Double(index + 1) * step)
            let first = Int(start.rounded(.down)), last = min(sourceCount - 1, Int(end.rounded(.up)) - 1)
            let weights = (first...max(first, last)).map { pixel in
                Float((min(end, Double(pixel + 1)) - max(start, Double(pixel))) / step)
            }
            return (first, weights)
        }
    }
}
