// Declarations only (include/LibFuzzerDriver.h); SwiftPM needs a source file for a C target.
#include "LibFuzzerDriver.h"
