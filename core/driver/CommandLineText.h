// The words the command line and its native-only import command share.
#pragma once

#include <string>
#include <vector>

#include "driver/Driver.h"

namespace tilesched {

// One error document (--emit=json), or a `tilesched: error:` line and the usage text.
DriverResult commandError(const std::string &message, bool json);
// "is larger than 8 MiB (8388608 bytes, the input size limit); only the first ... were read".
std::string tooLarge(size_t limit, const char *what);
// The last --emit= wins, as when the options are parsed; decided first so that an error in any
// option is reported in the format asked for.
bool jsonRequested(const std::vector<std::string> &args);

}  // namespace tilesched
