#!/bin/sh
# lat_fs's figure is a defined experiment: every sample is exactly -n
# files, in a fresh directory of its own, on a file system synced before
# it; every create sample (of every size) comes before any delete; a
# delete sample deletes files made for it (untimed) in a directory of its
# own.
# Checked on the -v lines lat_fs prints as it prepares each sample.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-fs.sh"

mkdir "$TRASH/fs"

test_expect 'lat_fs -v -n 20 -N 3: one row, both statistics lines say n=20' '
	run_bench lat_fs -v -n 20 -N 3 -s 0 "$TRASH/fs" &&
	cp "$TRASH/err" "$TRASH/one" &&
	expect_line "^0k 20 [0-9]+ [0-9]+\$" "$TRASH/one" &&
	expect_line "^\[latbw-stat prog=lat_fs case=create x=0k .* reps=3 .* n=20 " "$TRASH/one" &&
	expect_line "^\[latbw-stat prog=lat_fs case=delete x=0k .* reps=3 .* n=20 " "$TRASH/one"
'

test_expect 'one -v line for the directory the samples go in: in the one given, spread or not' '
	[ "$(grep -c "^\[lat_fs-spread " "$TRASH/one")" = 1 ] &&
	expect_line "^\[lat_fs-spread (yes|no) dir=$TRASH/fs/latbw\.lat_fs\.[A-Za-z0-9]*\]\$" "$TRASH/one" &&
	sed -n "s/^\[lat_fs-spread [a-z]* dir=\(.*\)\]\$/\1/p" "$TRASH/one" >"$TRASH/spread" &&
	[ -s "$TRASH/spread" ]
'

test_expect 'a -v line for each sample: 20 files, synced, its directory, in that one' '
	s=$(cat "$TRASH/spread") &&
	[ "$(grep -c "^\[lat_fs-sample create bytes=0 files=20 synced dir=$s/latbw\.lat_fs\.[A-Za-z0-9]*\]\$" "$TRASH/one")" -ge 3 ] &&
	[ "$(grep -c "^\[lat_fs-sample delete bytes=0 files=20 synced dir=$s/latbw\.lat_fs\.[A-Za-z0-9]*\]\$" "$TRASH/one")" -ge 3 ] ||
		fail "$(cat "$TRASH/one")"
'

test_expect 'on ext4, the directory spreads its subdirectories (chattr +T)' '
	if [ "$(stat -f -c %T "$TRASH/fs" 2>/dev/null)" = ext2/ext3 ]
	then
		expect_line "^\[lat_fs-spread yes " "$TRASH/one"
	else
		echo "not ext4: $(stat -f -c %T "$TRASH/fs" 2>/dev/null)"
	fi
'

test_expect 'every create sample has a fresh directory' '
	grep "^\[lat_fs-sample create" "$TRASH/one" | sed "s/.*dir=//" >"$TRASH/cdirs" &&
	[ "$(sort -u "$TRASH/cdirs" | wc -l)" -eq "$(wc -l <"$TRASH/cdirs")" ]
'

test_expect 'every delete sample has a fresh directory too, none a create sample'"'"'s' '
	grep "^\[lat_fs-sample delete" "$TRASH/one" | sed "s/.*dir=//" >"$TRASH/ddirs" &&
	[ "$(sort -u "$TRASH/ddirs" | wc -l)" -eq "$(wc -l <"$TRASH/ddirs")" ] &&
	! grep -qxF -f "$TRASH/cdirs" "$TRASH/ddirs" ||
		fail "creates: $(cat "$TRASH/cdirs"); deletes: $(cat "$TRASH/ddirs")"
'

test_expect 'all four sizes: every create before the first delete' '
	run_bench lat_fs -v -n 10 -N 2 "$TRASH/fs" &&
	awk "/^\[lat_fs-sample delete/ { d = 1 }
		/^\[lat_fs-sample create/ { if (d) bad = 1; if (!(\$3 in c)) k++; c[\$3] = 1 }
		END { exit bad || k != 4 }" "$TRASH/err" ||
		fail "$(grep "lat_fs-sample" "$TRASH/err")"
'

test_expect '... the rows still come in order, 0k to 10k, with -n files' '
	[ "$(grep -E "^[0-9]+k " "$TRASH/err" | cut -d " " -f 1,2 | tr "\n" " ")" = "0k 10 1k 10 4k 10 10k 10 " ]
'

test_expect 'nothing is left in the directory' '
	[ "$(made_files "$TRASH/fs")" = 0 ]
'

test_expect 'without -v, no sample lines' '
	run_bench lat_fs -n 10 -N 1 -s 1k "$TRASH/fs" &&
	! grep -q "lat_fs-sample" "$TRASH/err" && expect_line "^1k 10 " "$TRASH/err"
'

usage_tests lat_fs "-n 0" "-n x" "-n 1000001"

test_done
