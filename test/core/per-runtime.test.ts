// A helper declared with `perRuntime` is made once per runtime, on first use, and kept on it:
// every request of a process shares it, and a second runtime in the same process (a test's extra
// gateway) gets its own.
import { describe, expect, it } from 'vitest';
import { SharedHelpers, perRuntime } from '../../src/core/per-runtime.ts';

describe('perRuntime', () => {
  it('makes a helper once per runtime, with that runtime, and never shares it with another', () => {
    const made: string[] = [];
    const helper = perRuntime((rt: { name: string; shared: SharedHelpers }) => {
      made.push(rt.name);
      return { of: rt.name };
    });
    const first = { name: 'first', shared: new SharedHelpers() };
    const second = { name: 'second', shared: new SharedHelpers() };
    expect(made).toEqual([]);
    const once = helper(first);
    expect(helper(first)).toBe(once);
    expect(helper(second)).toEqual({ of: 'second' });
    expect(helper(second)).not.toBe(once);
    expect(made).toEqual(['first', 'second']);
    const other = perRuntime(() => 'another helper');
    expect(other(first)).toBe('another helper');
    expect(helper(first)).toBe(once);
  });
});
