import Foundation

// `layerfx-bench ARGS`: see BenchCommand.
exit(BenchCommand.main(Array(CommandLine.arguments.dropFirst())))
