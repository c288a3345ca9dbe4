/**
 * The CPU slowdown that makes this host stand for the phone Lighthouse's mobile preset targets
 * (docs/decisions/lighthouse-calibrated-cpu.md). Lighthouse's 4× assumes a high-end desktop host
 * (benchmarkIndex 1500–2000); its docs/throttling.md ("Calibrating the CPU slowdown") sends other
 * hosts to the Lighthouse CPU throttling calculator (lighthouse-cpu-throttling-calculator.vercel.app,
 * source github.com/patrickhulce/lighthouse-cpu-throttling-calculator, pages/index.js), whose
 * piecewise-linear formula this is, anchored at 2000 → 6×, 1533 → 4×, 1300 → 3×, 800 → 2×, 150 → 1×:
 *
 *   index ≥ 1300:       3 + (index − 1300) / 233
 *   800 ≤ index < 1300: 2 + (index − 800) / 500
 *   150 ≤ index < 800:  1 + (index − 150) / 650
 *   index < 150:        too slow to emulate the target (the calculator gives no multiplier; 1× here)
 */
export interface CpuSlowdown {
  multiplier: number;
  /** The host is slower than the target phone even unthrottled: its figures flatter nothing. */
  tooSlow: boolean;
}

export function calibratedCpuSlowdown(benchmarkIndex: number): CpuSlowdown {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`no benchmarkIndex to calibrate by: ${benchmarkIndex}`);
  if (benchmarkIndex >= 1300) return { multiplier: 3 + (benchmarkIndex - 1300) / 233, tooSlow: false };
  if (benchmarkIndex >= 800) return { multiplier: 2 + (benchmarkIndex - 800) / 500, tooSlow: false };
  if (benchmarkIndex >= 150) return { multiplier: 1 + (benchmarkIndex - 150) / 650, tooSlow: false };
  return { multiplier: 1, tooSlow: true };
}
