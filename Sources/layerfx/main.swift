import Foundation
import LayerFXCLI
import LayerFXFiles

// Before anything opens a file, so none takes a closed standard stream's number.
StandardStreams.reserveClosed()
AtomicFile.installSignalHandlers()
ReadFiles.startGuarding()
let status = CommandLineTool.main(ProcessArguments.all)
// Standard output's reader went away: end by SIGPIPE, quietly, as cat and gzip do.
if status == CommandLineTool.brokenPipeStatus { AtomicFile.endByBrokenPipe() }
exit(status)
