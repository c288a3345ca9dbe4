import { describe, expect, it } from 'vitest';
import { hasHostTitleBar } from './env.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

describe('whose title bar shows the page title', () => {
  it("is WeChat's own inside WeChat (the H5 leaves its title bar out and sets document.title only)", () => {
    expect(hasHostTitleBar(`${IPHONE} MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN`)).toBe(true);
    expect(hasHostTitleBar(`${IPHONE} MicroMessenger/8.0.50 miniProgram`)).toBe(true);
  });

  it("is the H5's own in a phone browser", () => {
    expect(hasHostTitleBar(IPHONE)).toBe(false);
    expect(
      hasHostTitleBar(
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe(false);
  });
});
