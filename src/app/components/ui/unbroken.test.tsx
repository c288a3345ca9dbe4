import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldRow } from './field-row.tsx';
import { Unbroken } from './unbroken.tsx';

/** The texts set apart in a box of their own (ui.module.css `.unbroken`: white-space: nowrap). */
const kept = (root: HTMLElement, selector = 'span') => [...root.querySelectorAll(selector)].map((s) => s.textContent);

describe('Unbroken (docs/decisions/visual-rules.md)', () => {
  it('keeps dates, masked ID numbers and mobiles whole, in either language, and leaves the words around them free', () => {
    const { container } = render(
      <p>
        <Unbroken text="2026-11-28 00:00 – 2027-11-27 24:00 · 1101**********123X · 139****5678" />
      </p>,
    );
    expect(container.textContent).toBe('2026-11-28 00:00 – 2027-11-27 24:00 · 1101**********123X · 139****5678');
    expect(kept(container)).toEqual(['2026-11-28', '2027-11-27', '1101**********123X', '139****5678']);
    const polish = render(<Unbroken text="Polisa obowiązuje od 2026-11-28 do 2027-11-27." />);
    expect(kept(polish.container)).toEqual(['2026-11-28', '2027-11-27']);
  });

  it('leaves a text without such values as it is', () => {
    const { container } = render(<Unbroken text="Ubezpieczenie medyczne" />);
    expect(container.innerHTML).toBe('Ubezpieczenie medyczne');
  });

  it('is what a summary line does with a text value', () => {
    const { container } = render(<FieldRow label="Okres ochrony">2026-11-28 00:00 – 2027-11-27 24:00</FieldRow>);
    expect(kept(container, 'span span')).toEqual(['2026-11-28', '2027-11-27']);
  });
});
