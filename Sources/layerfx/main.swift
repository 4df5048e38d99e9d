import Foundation
import LayerFXCLI
import LayerFXFiles

AtomicFile.installSignalHandlers()
exit(CommandLineTool.main(ProcessArguments.all))
