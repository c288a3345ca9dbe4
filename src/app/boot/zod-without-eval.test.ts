import { describe, expect, it } from 'vitest';

describe('zod without eval (Content-Security-Policy)', () => {
  it('zod, loaded after the setting, builds object schemas without compiling them', async () => {
    await import('./zod-without-eval.ts');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    const built = new Set<string>();
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args: string[]) {
        built.add(args.join());
        return Reflect.construct(target, args);
      },
      apply(target, self, args: string[]) {
        built.add(args.join());
        return Reflect.apply(target, self, args);
      },
    });
    try {
      expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    } finally {
      globalThis.Function = original;
    }
    expect([...built]).toEqual([]);
  });
});
