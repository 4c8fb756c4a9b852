/// Traffic-light class of a delivery number, shown next to it in every report.
public enum Band: String, Sendable, Codable, CaseIterable {
    case green, amber, red
}
