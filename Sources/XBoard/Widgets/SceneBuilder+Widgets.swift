/// The widgets drawn in a scene.
extension SceneBuilder {
    /// The widgets' sizes at the scene's scale: the one source of them for the layers and the
    /// session.
    public var widgetMetrics: WidgetMetrics { WidgetMetrics(scale: style.uiScale) }
}
