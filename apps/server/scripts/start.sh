#!/bin/sh
# How `npm start` runs the built server (dist/main.js). The C library and V8 read the settings
# below only as the process starts, so only the command that starts node can give them
# (docs/operations.md, "Sizing"). Arguments are node's own flags, placed before the bundle:
# `npm start --workspace @callboard/server -- --heap-growing-percent=75`.
set -eu

# glibc's malloc kept to two arenas, unless the environment gives a number
# (docs/decisions/0045-two-malloc-arenas.md).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"

# Without DATABASE_URL the embedded database runs inside this process, and V8's young generation
# is kept to two semi-spaces of 4 MB instead of 16
# (docs/decisions/0049-a-smaller-heap-beside-the-embedded-database.md). A semi-space size among
# the arguments or in NODE_OPTIONS is the operator's own, and wins.
young_generation=''
if [ -z "${DATABASE_URL:-}" ]; then
  case " ${NODE_OPTIONS:-} $* " in
    *semi-space-size* | *semi_space_size*) ;;
    *) young_generation='--max-semi-space-size=4' ;;
  esac
fi

# Source maps, for stack traces that name the TypeScript sources.
# shellcheck disable=SC2086 # young_generation is one flag or none
exec node --enable-source-maps $young_generation "$@" "$(dirname "$0")/../dist/main.js"
