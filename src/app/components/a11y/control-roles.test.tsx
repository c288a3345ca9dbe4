import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Input } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import { installControlRoles } from './control-roles.ts';

let undo: (() => void) | undefined;
afterEach(() => undo?.());

describe('control roles (docs/accessibility.md#screen-readers)', () => {
  it("makes the clearable Input's clear mark a button that clears the field", async () => {
    undo = installControlRoles();
    render(<Input aria-label="姓名" clearable defaultValue="张三" />);
    const field = screen.getByRole('textbox', { name: '姓名' });
    act(() => field.focus());
    const clear = await waitFor(() => {
      const mark = document.querySelector('.adm-input-clear');
      expect(mark?.getAttribute('role')).toBe('button');
      return mark!;
    });
    expect(clear.getAttribute('aria-label')).toBeTruthy();
    fireEvent.click(clear);
    expect((field as HTMLInputElement).value).toBe('');
  });
});
