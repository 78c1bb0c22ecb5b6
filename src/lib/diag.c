/*
 * diag.c - messages on standard error (see diag.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "diag.h"

static const char *diag_name = "latbw";

void diag_set_prog(const char *prog)
{
	if (prog != NULL)
		diag_name = prog;
}

/*
 * Messages quote arguments and file names, and a newline or a terminal
 * escape in one must not turn a one-line message into several lines or
 * into commands for the terminal.
 */
void diag_escape(const char *text, char *out, size_t outlen)
{
	static const char hex[] = "0123456789abcdef";
	size_t o = 0;

	for (; *text != '\0'; text++) {
		unsigned char c = (unsigned char)*text;
		char esc[5];
		size_t n = 0, i;

		if (c >= 0x20 && c != 0x7f) {
			esc[n++] = (char)c;
		} else {
			esc[n++] = '\\';
			if (c == '\n' || c == '\r' || c == '\t') {
				esc[n++] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
			} else {
				esc[n++] = 'x';
				esc[n++] = hex[c >> 4];
				esc[n++] = hex[c & 15];
			}
		}
		if (o + n >= outlen)
			break;
		for (i = 0; i < n; i++)
			out[o++] = esc[i];
	}
	out[o] = '\0';
}

void diag_vsay(const char *prog, const char *prefix, const char *fmt,
	       va_list ap)
{
	char line[1024], safe[1024];
	int len;

	len = snprintf(line, sizeof(line), "%s: %s", prog, prefix);
	if (len < 0 || (size_t)len >= sizeof(line))
		len = 0;
	vsnprintf(line + len, sizeof(line) - (size_t)len, fmt, ap);
	diag_escape(line, safe, sizeof(safe));
	fprintf(stderr, "%s\n", safe);
}

int diag_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vsay(diag_name, "", fmt, ap);
	va_end(ap);
	return -1;
}
