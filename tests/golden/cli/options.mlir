// Command-line contract (SPEC §5): usage errors exit 2, --version and --help print and exit 0.
// RUN: not %tilesched --frobnicate 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: %tilesched --frobnicate > /dev/null 2>&1; test $? -eq 2
// RUN: %tilesched --version | FileCheck %s --check-prefix=VERSION
// RUN: not %tilesched %s --emit=json --generator=fast | FileCheck %s --check-prefix=JSON
// RUN: not %tilesched %s --model=volta 2>&1 | FileCheck %s --check-prefix=MODEL
// RUN: not %tilesched %s --model=volta --emit=json | FileCheck %s --check-prefix=MODELJSON
// UNKNOWN: tilesched: error: unknown option '--frobnicate'
// UNKNOWN: usage: tilesched
// VERSION: tilesched 0.1.0
// JSON: "message": "--generator takes auto, serial or cost-based (got 'fast')"
// MODEL: error: unknown target model 'volta' (built-in models: blackwell-measured, blackwell, hopper-measured, hopper; or pass --model=PATH.json)
// The same message as data (docs/json-document.md, "diagnostics"): the page words it from these.
// MODELJSON: "message": "unknown target model 'volta'
// MODELJSON-NEXT: "id": "unknown_model",
// MODELJSON-NEXT: "fields": {
// MODELJSON-NEXT: "name": "volta",
// MODELJSON-NEXT: "builtin": "blackwell-measured, blackwell, hopper-measured, hopper",
// MODELJSON-NEXT: "option": "model"
%a = x.op : i32
