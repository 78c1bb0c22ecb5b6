#!/bin/sh
# tests/golden-update.sh: store the readers' outputs of the cases of
# tests/fixtures/golden/cases (under the first awk t8860 finds, mawk
# where there is one) as the expected ones in tests/fixtures/golden/,
# then check the other awks against them.  Run it after adding a case or
# a fixture (an @ALL line), or after a change to the readers whose new
# output is right: a bug fixed, named in the commit.  git diff
# tests/fixtures/golden shows what changed.
exec env GOLDEN_WRITE=1 sh "$(dirname "$0")/t8860-golden.sh" "$@"
