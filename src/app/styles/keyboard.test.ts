import { beforeAll, describe, expect, it } from 'vitest';
import { installKeyboardFix } from './keyboard.ts';

const root = document.documentElement;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const press = (type: 'pointerdown' | 'pointerup') => document.body.dispatchEvent(new Event(type, { bubbles: true }));

describe('the soft keyboard fix', () => {
  let field: HTMLInputElement;
  beforeAll(() => {
    installKeyboardFix();
    field = document.createElement('input');
    document.body.append(field);
  });

  it('hides the bottom bars while a field has focus and shows them again after a blur', async () => {
    field.focus();
    expect(root.classList.contains('keyboard-open')).toBe(true);
    field.blur();
    await tick();
    expect(root.classList.contains('keyboard-open')).toBe(false);
  });

  it('keeps the bars hidden while the press that blurred the field is held, and shows them after its release', async () => {
    field.focus();
    press('pointerdown');
    field.blur();
    await tick();
    // A bar shown now would lie under the pressed control and take its click.
    expect(root.classList.contains('keyboard-open')).toBe(true);
    press('pointerup');
    expect(root.classList.contains('keyboard-open')).toBe(true);
    await tick();
    expect(root.classList.contains('keyboard-open')).toBe(false);
  });

  it('keeps the bars hidden when the press moves the focus to another field', async () => {
    const next = document.createElement('input');
    document.body.append(next);
    field.focus();
    press('pointerdown');
    next.focus();
    await tick();
    press('pointerup');
    await tick();
    expect(root.classList.contains('keyboard-open')).toBe(true);
    next.blur();
    await tick();
    expect(root.classList.contains('keyboard-open')).toBe(false);
  });
});
