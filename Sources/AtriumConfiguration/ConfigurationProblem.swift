import AtriumSDK

/// One thing wrong with the configuration: a ``SettingProblem`` whose key is the whole path from the
/// file's top ("http.port", "pilot.licensesFile"), or empty for the file as a whole. A module's
/// problems are reported as these once the host has put its section's key in front.
package typealias ConfigurationProblem = SettingProblem
