import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown } from './cpu-slowdown.ts';

describe('calibratedCpuSlowdown', () => {
  it("gives the calculator's multipliers at its anchor points", () => {
    expect(calibratedCpuSlowdown(2000).multiplier).toBeCloseTo(6, 1);
    expect(calibratedCpuSlowdown(1533).multiplier).toBeCloseTo(4, 2);
    expect(calibratedCpuSlowdown(1300).multiplier).toBe(3);
    expect(calibratedCpuSlowdown(1050).multiplier).toBe(2.5);
    expect(calibratedCpuSlowdown(800).multiplier).toBe(2);
    expect(calibratedCpuSlowdown(475).multiplier).toBe(1.5);
  });

  it('slows a fast host more than the preset and a slow one less', () => {
    expect(calibratedCpuSlowdown(2320).multiplier).toBeGreaterThan(4);
    expect(calibratedCpuSlowdown(600).multiplier).toBeLessThan(2);
  });

  it('says when the host is slower than the target phone', () => {
    expect(calibratedCpuSlowdown(120)).toEqual({ multiplier: 1, tooSlow: true });
    expect(calibratedCpuSlowdown(150).tooSlow).toBe(false);
  });

  it('refuses a missing index', () => {
    expect(() => calibratedCpuSlowdown(Number.NaN)).toThrow(/benchmarkIndex/);
  });
});
