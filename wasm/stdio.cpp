// vfprintf for the module: writes the format as it stands, without its arguments. Only CaDiCaL
// formats text (fatal(), the internal checker), to stderr just before it aborts on a misuse of
// its API; tilesched builds its own text. musl's printf_core, its float formatter and the
// 128-bit long double arithmetic that formatter needs are 4.6 KB gzip of the module
// (docs/decisions.md). Defining all three entry points of musl's vfprintf.o keeps that object
// out of the link, so a stray printf still links, to this.
#include <cstdarg>
#include <cstdio>

extern "C" {
int vfprintf(FILE *f, const char *format, va_list) { return fputs(format, f); }
int vfiprintf(FILE *f, const char *format, va_list) { return fputs(format, f); }
int __small_vfprintf(FILE *f, const char *format, va_list) { return fputs(format, f); }
}
