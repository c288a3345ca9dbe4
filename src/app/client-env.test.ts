import { describe, expect, it } from 'vitest';
import { readClientEnv } from './client-env.ts';

describe('the build-time settings of the H5', () => {
  it('uses the demo hotline when VITE_SERVICE_HOTLINE is unset or blank', () => {
    expect(readClientEnv({}).serviceHotline).toBe('400-000-0000');
    expect(readClientEnv({ VITE_SERVICE_HOTLINE: '  ' }).serviceHotline).toBe('400-000-0000');
  });

  it('takes a phone number in groups of digits', () => {
    expect(readClientEnv({ VITE_SERVICE_HOTLINE: '400-123-4567' }).serviceHotline).toBe('400-123-4567');
    expect(readClientEnv({ VITE_SERVICE_HOTLINE: '+48-22-123-45-67' }).serviceHotline).toBe('+48-22-123-45-67');
    expect(readClientEnv({ VITE_SERVICE_HOTLINE: ' 95500 ' }).serviceHotline).toBe('95500');
  });

  it('refuses anything else, naming the key', () => {
    for (const bad of ['call us', '400 000 0000', '400--000', 'tel:400-000-0000', '400-000-0000;x']) {
      expect(() => readClientEnv({ VITE_SERVICE_HOTLINE: bad }), bad).toThrow(/VITE_SERVICE_HOTLINE/);
    }
  });
});
