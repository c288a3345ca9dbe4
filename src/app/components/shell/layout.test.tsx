import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import '../../views/testing.tsx';
import { ShellLayout } from './layout.tsx';

const back = translate('zh-cn', 'nav.back');

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <ShellLayout />, children: [{ path: '*', element: null }] }],
    {
      initialEntries: [path],
    },
  );
  render(
    <Provider store={createStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('the shell header', () => {
  it('has no back arrow on a section page (a tab)', () => {
    renderAt('/claim/index');
    expect(screen.queryByRole('button', { name: back })).toBeNull();
  });

  it("has a back arrow on a view inside a section: a claim's detail, the report form", () => {
    renderAt('/claim/index?claimId=5');
    expect(screen.getByRole('button', { name: back })).toBeTruthy();
  });
});
