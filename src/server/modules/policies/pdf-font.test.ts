import { describe, expect, it } from 'vitest';
import { assertPdfFont, findPdfFont, PDF_FONT_CANDIDATES, PdfFontMissingError } from '../../pdf/font.ts';
import { beijingDeadline } from '#shared/beijing-time.ts';
import { coolingOffUntil } from '../catalogue/cooling-off.ts';

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

describe('the cooling-off period', () => {
  it('ends at 24:00 Beijing time of the issue date + N days; none when N is 0', () => {
    // Issued 2026-05-20 23:30 Beijing (15:30 UTC): day 0 is 20 May, the last day 4 June.
    const until = coolingOffUntil(new Date('2026-05-20T15:30:00Z'), 15)!;
    expect(until.toISOString()).toBe('2026-06-04T16:00:00.000Z');
    expect(beijingDeadline(until)).toBe('2026-06-04 24:00');
    // 16:30 UTC is already 21 May in Beijing.
    expect(coolingOffUntil(new Date('2026-05-20T16:30:00Z'), 15)!.toISOString()).toBe('2026-06-05T16:00:00.000Z');
    expect(coolingOffUntil(new Date('2026-05-20T15:30:00Z'), 0)).toBeNull();
  });
});
