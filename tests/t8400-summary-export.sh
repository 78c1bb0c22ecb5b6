#!/bin/sh
# scripts/summary -f json and -f csv: every figure of every file, with its
# name, unit, host, run, repetitions and spread.  The JSON must pass
# python3 -m json.tool and the CSV a CSV reader (python3 is used by these
# tests only, never by the product).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"


D=$TRASH/r/x86_64-linux-gnu
mkdir -p "$D"
cp "$FIX/ours.results" "$D/box.2"
cp "$FIX/lmbench3-zen3-vm.results" "$D/vm.1"
# A run whose name, uname (a tab) and one label need quoting in both
# formats.
{
	printf '%s\n' "[lmbench3.0 results for Linux odd	6.1.0 #1 SMP x86_64]"
	printf '%s\n' 'Weird "x", y: 1.5 microseconds' "Pipe latency: 7.25 microseconds"
} >"$D/we\"ird, na me.1"

test_expect 'the CSV header row' '
	summary -f csv "$D/box.2" &&
	IFS= read -r head <"$TRASH/out" &&
	[ "$head" = "run,host,os,name,x,value,unit,reps,spread_pct,min,max,copies,placement,cross_pct,rounds,round_spread_pct,metric,stddev_pct,others_busy_pct,idle,cpu_wait_pct,lkp" ]
'

test_expect 'CSV: a figure with its statistics, a series point, in file order' '
	holds_lines "$TRASH/out" \
		"$D/box.2,box,Linux 6.1.0-13-amd64,Simple write,,0.4000,us,11,25,0.3,0.9,1,,,,,latbw.SIMPLE.write.us,,,,,syscall.write.latency.us" \
		"$D/box.2,box,Linux 6.1.0-13-amd64,Memory load latency stride=128 order=random pages=thp,8.00000,10.000,ns,5,40,8,19,1,,,,,latbw.MEMORY.load.latency.stride_128.order_random.pages_thp.8M.ns,,,,," \
		"$D/box.2,box,Linux 6.1.0-13-amd64,size=0k,2,5.50,us,5,3,5.4,5.8,1,,,,,latbw.CTX.size_0k.2.us,,,,," \
		"$D/box.2,box,Linux 6.1.0-13-amd64,File system latency delete,10k,100000,files/s,,,,,,,,,,latbw.FILE.system.latency.delete.10k.files/s,,,,," &&
	awk -F, "NR == 2 { print \$4; exit }" "$TRASH/out" >"$TRASH/f4" && file_is "$TRASH/f4" "Simple syscall"
'

test_expect 'the same figures under every awk' '
	ok=1
	for a in mawk gawk original-awk
	do
		command -v $a >/dev/null 2>&1 || continue
		for f in csv json
		do
			AWK=$a sh "$SUMMARY" -f $f "$D" >"$TRASH/$f.$a" 2>/dev/null
			cmp -s "$TRASH/$f.$a" "$TRASH/$f.first" 2>/dev/null ||
				[ ! -e "$TRASH/$f.first" ] || { ok=0; fail "$a differs ($f)"; }
			[ -e "$TRASH/$f.first" ] || cp "$TRASH/$f.$a" "$TRASH/$f.first"
		done
	done
	[ $ok = 1 ]
'

if ! command -v python3 >/dev/null 2>&1
then
	test_skip 'JSON passes python3 -m json.tool' 'no python3 here'
	test_skip 'JSON and CSV hold the same figures' 'no python3 here'
	test_done
fi

# The JSON and CSV of every file, for the two checks that read them (one
# run of each): $TRASH/j and $TRASH/c, their statuses J_RC and C_RC.
sh "$SUMMARY" -f json "$D" >"$TRASH/j" 2>/dev/null
# shellcheck disable=SC2034 # read in the checks (eval)
J_RC=$?
sh "$SUMMARY" -f csv "$D" >"$TRASH/c" 2>/dev/null
# shellcheck disable=SC2034 # read in the checks (eval)
C_RC=$?

test_expect 'JSON passes python3 -m json.tool' '
	[ "$J_RC" = 0 ] &&
	python3 -m json.tool "$TRASH/j" >/dev/null
'

cat >"$TRASH/check.py" <<'EOF'
import csv, json, sys
j = json.load(open(sys.argv[1]))
rows = list(csv.reader(open(sys.argv[2], newline="")))
d = sys.argv[3]
def die(m):
    print(m)
    sys.exit(1)
head, body = rows[0], rows[1:]
if any(len(r) != len(head) for r in body):
    die("ragged CSV")
figs = j["figures"]
if len(figs) != len(body):
    die("JSON %d figures, CSV %d" % (len(figs), len(body)))
keys = {"run", "host", "name", "metric", "x", "value", "unit", "reps", "spread", "min", "max", "copies", "placement", "cross_pct", "stddev_pct", "rounds", "round_spread", "others_busy_pct", "idle", "cpu_wait_pct", "lkp"}
for f, r in zip(figs, body):
    if set(f) != keys:
        die("keys %s" % sorted(f))
    c = dict(zip(head, r))
    if (f["run"], f["host"], f["name"], f["x"] or "", f["unit"]) != \
       (c["run"], c["host"], c["name"], c["x"], c["unit"]) or float(c["value"]) != f["value"] or \
       f["metric"] != c["metric"] or not f["metric"].startswith("latbw.") or \
       (f["lkp"] or "") != c["lkp"]:
        die("differ: %s %s" % (f, r))
    if not f["value"] > 0:
        die("a figure that is not positive: %s" % f)
runs = {r["host"]: r for r in j["runs"]}
if sorted(runs) != ["box", "vm", 'we"ird, na me']:
    die("runs %s" % sorted(runs))
if runs["box"]["cache_l3"] != 33554432 or runs["vm"]["cache_l3"] is not None:
    die("cache sizes")
if runs["vm"]["mhz"] != 3182 or runs["vm"]["os"] != "Linux 6.18.44-fc-v657":
    die("vm run")
def one(host, name, x=None):
    m = [f for f in figs if f["host"] == host and f["name"] == name and f["x"] == x]
    if len(m) != 1:
        die("%d of %s %s %s" % (len(m), host, name, x))
    return m[0]
w = one("box", "Simple write")
if (w["value"], w["unit"], w["reps"], w["spread"], w["min"], w["max"], w["copies"]) != (0.4, "us", 11, 25, 0.3, 0.9, 1):
    die("box Simple write: %s" % w)
if w["run"] != d + "/box.2":
    die("run %s" % w["run"])
s = one("vm", "Simple syscall")
if (s["value"], s["unit"], s["reps"], s["spread"]) != (0.2308, "us", None, None):
    die("vm Simple syscall: %s" % s)
if one("vm", "Memory load latency stride=128", "0.00098")["value"] != 1.247:
    die("vm L1 point")
if one("vm", "Random load latency stride=16", "256.00000")["value"] != 167.196:
    die("vm random point")
if one("vm", "File system latency create", "10k")["unit"] != "files/s":
    die("fs unit")
if [f for f in figs if f["host"] == "vm" and f["name"] == "int64 add"]:
    die("a zero figure was exported")
if runs['we"ird, na me']["uname"] != "Linux odd\t6.1.0 #1 SMP x86_64":
    die("uname with a tab")
if one('we"ird, na me', 'Weird "x", y')["value"] != 1.5:
    die("odd label")
if len([f for f in figs if f["host"] == "vm"]) < 1000:
    die("too few vm figures")
print("ok", len(figs))
EOF

test_expect 'JSON and CSV hold the same figures, every one positive, as in the files' '
	[ "$J_RC" = 0 ] && [ "$C_RC" = 0 ] &&
	python3 "$TRASH/check.py" "$TRASH/j" "$TRASH/c" "$D"
'

test_expect 'JSON of an empty selection: status 2, one line on stderr, nothing on stdout' '
	: >"$TRASH/empty.1" &&
	! summary -f json "$TRASH/empty.1" && expect_status 2 && [ ! -s "$TRASH/out" ] &&
	has_lines 1 "$TRASH/err"
'

test_done
