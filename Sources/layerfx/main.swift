import Foundation
import LayerFXCLI
import LayerFXFiles

AtomicFile.installSignalHandlers()
ReadFiles.startGuarding()
exit(CommandLineTool.main(ProcessArguments.all))
