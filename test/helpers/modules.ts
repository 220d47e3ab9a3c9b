// Loaded before every test file (vitest setupFiles), as every Yarrow process loads it first: the
// modules' queues, id kinds and config sections reach core/ through it.
import '../../src/modules.ts';
