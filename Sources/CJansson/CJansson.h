// Jansson 2.14 from Debian's libjansson-dev (pkg-config "jansson"): the config document's JSON
// syntax check (duplicate keys rejected, with line and column) and its JSON writer.
//
// Jansson reports errors through a json_error_t, never by longjmp, so Swift calls it directly.
// Its function-like flag macros are not imported into Swift; these constants stand for them.
#include <jansson.h>

/// json_dumps flags of LayerFX's JSON output: two-space indentation, keys in insertion order,
/// reals with 15 significant digits (every Float and every decimal a person types round-trips).
static const size_t CJANSSON_DUMP_FLAGS = JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15);
