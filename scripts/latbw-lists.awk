# latbw-lists.awk - part of latbw-run: what the driver takes from the
# registry before anything else, in one read of it:
#
#   awk -v me=NAME -f registry.awk -f latbw-lists.awk REGISTRY
#
# prints the BENCHMARKS= groups, a line "@", the programs the steps run,
# a line "@", and the texts our own lines must not hold (the "match"
# lines), each one a line.  registry.awk's reg_read checks every line of
# the registry first: a bad one is named, and the exit status is 2.
BEGIN {
	reg_read(ARGV[1])
	reg_words("groups")
	print "@"
	reg_words("progs")
	print "@"
	for (i = 1; i <= NREGM; i++)
		print REGM[i]
	exit 0
}
