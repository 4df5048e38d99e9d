import Foundation
import LayerFXBenchmarkKit

exit(LayerFXBenchmark.main(Array(CommandLine.arguments.dropFirst())))
