internal import CX11
import XBoard

/// The refresh rate of the monitor showing a point of the screen, from its RandR video mode
/// (the CRTC whose area holds the point, else the first one lit); `nil` when RandR says none.
enum DisplayRefresh {
    static func rate(display: OpaquePointer, root: Window, at point: Point) -> RefreshRate? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0,
            let resources = XRRGetScreenResourcesCurrent(display, root)
        else { return nil }
        defer { XRRFreeScreenResources(resources) }
        var fallback: RefreshRate?
        for index in 0..<Int(max(0, resources.pointee.ncrtc)) {
            guard let crtc = XRRGetCrtcInfo(display, resources, resources.pointee.crtcs[index]) else { continue }
            defer { XRRFreeCrtcInfo(crtc) }
            guard crtc.pointee.mode != 0, let rate = rate(of: crtc.pointee.mode, in: resources.pointee) else { continue }
            let area = Rect(
                x: Double(crtc.pointee.x), y: Double(crtc.pointee.y), width: Double(crtc.pointee.width), height: Double(crtc.pointee.height)
            )
            if area.contains(point) { return rate }
            if fallback == nil { fallback = rate }
        }
        return fallback
    }

    private static func rate(of mode: RRMode, in resources: XRRScreenResources) -> RefreshRate? {
        for index in 0..<Int(max(0, resources.nmode)) where resources.modes[index].id == mode {
            let info = resources.modes[index]
            return RefreshRate(
                dotClock: Double(info.dotClock), horizontalTotal: Double(info.hTotal), verticalTotal: Double(info.vTotal),
                isInterlaced: info.modeFlags & UInt(RR_Interlace) != 0, isDoubleScan: info.modeFlags & UInt(RR_DoubleScan) != 0)
        }
        return nil
    }
}
