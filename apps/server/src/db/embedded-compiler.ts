// The embedded database is PostgreSQL compiled to WebAssembly. V8 compiles it first with its
// baseline compiler (Liftoff) and then, in the background, compiles each function that runs often
// again with its optimising compiler (TurboFan). With 100,000 calls the optimised code and its
// compilation held 50–65 MB of the server's memory for good, most of it spent on start-up's
// own statements. Kept to the baseline compiler, the server starts about a second sooner and
// serves the list and a call as fast; a full-text search or a year of analytics takes 10–20%
// longer (docs/decisions/0044-embedded-database-on-the-baseline-compiler.md).
import { setFlagsFromString } from 'node:v8';

/** V8's own flags that choose how WebAssembly is compiled, with or without `no`, `-` or `_`. */
const COMPILER_FLAG =
  /^--(?:no-?)?(?:liftoff|liftoff[-_]only|wasm[-_]tier[-_]up|wasm[-_]dynamic[-_]tiering)(?:=|$)/u;

/** Not when the command line chooses a WebAssembly compiler itself: the operator's choice wins. */
export function shouldKeepToBaselineCompiler(execArgv: readonly string[]): boolean {
  return !execArgv.some((arg) => COMPILER_FLAG.test(arg));
}

/**
 * Keeps WebAssembly compiled from now on to V8's baseline compiler, unless the command line
 * chooses otherwise. V8 reads the flag as it compiles, so it is set before the embedded database's
 * module is loaded. Returns whether it did.
 */
export function keepToBaselineCompiler(): boolean {
  if (!shouldKeepToBaselineCompiler(process.execArgv)) return false;
  setFlagsFromString('--liftoff-only');
  return true;
}
