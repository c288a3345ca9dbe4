import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

describe('Button (docs/accessibility.md#screen-readers)', () => {
  it('keeps its name while it loads, and shows the dots instead of the label', () => {
    const { rerender } = render(<Button color="primary">确认支付</Button>);
    expect(screen.getByRole('button', { name: '确认支付' }).hasAttribute('disabled')).toBe(false);
    rerender(
      <Button color="primary" loading>
        确认支付
      </Button>,
    );
    const loading = screen.getByRole('button', { name: '确认支付' });
    expect(loading.hasAttribute('disabled')).toBe(true);
    expect(loading.querySelector('.adm-dot-loading')).not.toBeNull();
  });
});
