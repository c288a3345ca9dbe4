import { describe, expect, it } from 'vitest';
import { assertPdfFont, findPdfFont, PDF_FONT_CANDIDATES, PdfFontMissingError } from '../../pdf/font.ts';
import { formatYuan } from './pdf/money.ts';
import { coolingOffUntil, lastDayText } from '../catalogue/cooling-off.ts';

describe('the PDF font', () => {
  it('is found on this machine (scripts/test installs fonts-wqy-microhei)', () => {
    expect(findPdfFont()).toEqual(PDF_FONT_CANDIDATES[0]);
  });

  it('missing, stops the start with a message naming the package to install', () => {
    const nowhere = [{ path: '/nonexistent/font.ttc', family: 'X' }];
    expect(findPdfFont(nowhere)).toBeNull();
    expect(() => assertPdfFont(nowhere)).toThrow(PdfFontMissingError);
    expect(() => assertPdfFont(nowhere)).toThrow(/apt-get install fonts-wqy-microhei.*\/nonexistent\/font\.ttc/);
  });
});

describe('money and the cooling-off period', () => {
  it('shows yuan with thousands separators and two decimals', () => {
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(21800)).toBe('¥218.00');
    expect(formatYuan(52_010_000)).toBe('¥520,100.00');
    expect(formatYuan(123_456_789_01)).toBe('¥123,456,789.01');
  });

  it('ends at 24:00 Beijing time of the issue date + N days; none when N is 0', () => {
    // Issued 2026-05-20 23:30 Beijing (15:30 UTC): day 0 is 20 May, the last day 4 June.
    const until = coolingOffUntil(new Date('2026-05-20T15:30:00Z'), 15)!;
    expect(until.toISOString()).toBe('2026-06-04T16:00:00.000Z');
    expect(lastDayText(until)).toBe('2026-06-04 24:00');
    // 16:30 UTC is already 21 May in Beijing.
    expect(coolingOffUntil(new Date('2026-05-20T16:30:00Z'), 15)!.toISOString()).toBe('2026-06-05T16:00:00.000Z');
    expect(coolingOffUntil(new Date('2026-05-20T15:30:00Z'), 0)).toBeNull();
  });
});
