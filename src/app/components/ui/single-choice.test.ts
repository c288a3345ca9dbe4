import { describe, expect, it } from 'vitest';
import { keptChoice } from './single-choice.ts';

describe('single choice', () => {
  it('keeps the selected option when it is tapped again (no change)', () => {
    expect(keptChoice([], ['self'])).toBeNull();
  });

  it('takes another option', () => {
    expect(keptChoice(['spouse'], ['self'])).toEqual(['spouse']);
  });

  it('takes the first choice when nothing was selected', () => {
    expect(keptChoice(['no'], [])).toEqual(['no']);
    expect(keptChoice(['no'], undefined)).toEqual(['no']);
  });

  it('stays empty when nothing was selected and nothing is chosen', () => {
    expect(keptChoice([], undefined)).toEqual([]);
  });
});
