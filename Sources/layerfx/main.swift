import Foundation
import LayerFXCLI

exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
