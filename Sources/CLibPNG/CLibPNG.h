// libpng 1.6 from Debian's libpng-dev (pkg-config "libpng").
//
// Only the C target CPNGShim includes this module: libpng reports errors by longjmp, which must
// never cross a Swift frame, so Swift code does not call libpng directly.
#include <png.h>
