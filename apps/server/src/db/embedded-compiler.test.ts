// keepToBaselineCompiler: the embedded database's WebAssembly stays on V8's baseline compiler,
// unless the command line chooses a compiler itself (docs/operations.md, "Sizing").
import { describe, expect, it } from 'vitest';
import { shouldKeepToBaselineCompiler } from './embedded-compiler.ts';

describe('keeping WebAssembly on the baseline compiler', () => {
  it.each([
    [[]],
    [['--enable-source-maps', '--heap-growing-percent=100']],
    // Other WebAssembly flags choose nothing about the compiler.
    [['--wasm-max-mem-pages=65536', '--liftoff-foo']],
  ])('is done when the command line (%j) chooses no compiler', (execArgv) => {
    expect(shouldKeepToBaselineCompiler(execArgv)).toBe(true);
  });

  it.each([
    '--liftoff-only',
    '--no-liftoff-only',
    '--liftoff_only',
    '--no-liftoff',
    '--noliftoff',
    '--liftoff',
    '--wasm-tier-up',
    '--no-wasm-tier-up',
    '--wasm_dynamic_tiering=false',
  ])('is left to the operator who starts node with %s', (flag) => {
    expect(shouldKeepToBaselineCompiler(['--enable-source-maps', flag])).toBe(false);
  });
});
