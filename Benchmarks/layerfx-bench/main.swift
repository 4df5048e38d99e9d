import Foundation
import LayerFXCLI

// `layerfx-bench ARGS` is `layerfx bench ARGS`.
exit(CommandLineTool.main(["bench"] + CommandLine.arguments.dropFirst()))
