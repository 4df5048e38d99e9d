// Jansson from Debian (apt install libjansson-dev), for the JSON checks Foundation lacks
// (duplicate object keys).
#include <jansson.h>
