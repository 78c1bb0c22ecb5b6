#!/bin/sh
# tests/bench/report-shots.sh - scripts/report's page rendered by a real
# browser (headless Chromium) to PNG, at a desktop width (1280) and a
# phone's (390), to look at: does a person find a figure in seconds, does
# nothing overflow, is every table and graph there.  Not part of make
# test: it draws pictures for a person to see.
#
#   sh tests/bench/report-shots.sh [OUTDIR [FILE | DIR...]]
#
# OUTDIR (default: a new latbw-shots.XXXXXX in TMPDIR) gets report.html,
# desktop.png (1280 x 6000) and phone.png (390 x 6000); the files default
# to the real runs of tests/fixtures/runs.  CHROMIUM names the browser
# (default: chromium, else chromium-browser, else google-chrome).

top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-}
[ $# -gt 0 ] && shift
if [ -z "$out" ]
then
	out=$(mktemp -d "${TMPDIR:-/tmp}/latbw-shots.XXXXXX") || exit 1
fi
mkdir -p "$out" || exit 1
[ $# -gt 0 ] || set -- "$top"/tests/fixtures/runs/*/*.[0-9]*

browser=${CHROMIUM:-}
if [ -z "$browser" ]
then
	for b in chromium chromium-browser google-chrome
	do
		if command -v "$b" >/dev/null 2>&1
		then
			browser=$b
			break
		fi
	done
fi
if [ -z "$browser" ]
then
	echo "report-shots: no chromium here (apt-get install chromium)" >&2
	exit 3
fi

sh "$top/scripts/report" -o "$out/report.html" "$@" || exit 1

# page ID: OUTDIR/shown.html, the page with only its part ID shown.
page() {
	sed "s|</head>|<style>header, nav, main > section { display: none; } main > section#$1 { display: block; }</style></head>|" \
		"$out/report.html" >"$out/shown.html"
}

# shot NAME WIDTH HEIGHT: OUTDIR/shown.html at that window size in
# OUTDIR/NAME.png.
# A profile of its own, removed after, so that nothing is left behind.
shot() {
	profile=$(mktemp -d "${TMPDIR:-/tmp}/latbw-chromium.XXXXXX") || return 1
	"$browser" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking \
		--disable-component-update --disable-sync --hide-scrollbars \
		--user-data-dir="$profile" --window-size="$2,$3" \
		--screenshot="$out/$1.png" "file://$out/shown.html" >/dev/null 2>&1
	rc=$?
	rm -rf "$profile"
	if [ "$rc" -ne 0 ] || [ ! -s "$out/$1.png" ]
	then
		echo "report-shots: $browser made no $1.png" >&2
		return 1
	fi
	printf '%s\n' "$out/$1.png"
}

cp "$out/report.html" "$out/shown.html" || exit 1
shot desktop 1280 "${HEIGHT:-6000}" || exit 1
shot phone 390 "${HEIGHT:-6000}" || exit 1
# Each part of the page alone, at both widths, 2000 high: the pictures
# whole pages make are too tall to look at, and a headless shot does
# not scroll to a #part.
for part in ${PARTS:-tables graphs changes}
do
	page "$part" || exit 1
	shot "desktop-$part" 1280 2000 || exit 1
	shot "phone-$part" 390 2000 || exit 1
done
rm -f "$out/shown.html"
