import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  changePassword: vi.fn(async () => undefined),
  changeMobile: vi.fn(),
  sendSmsCode: vi.fn(async () => ({ cooldownSeconds: 60 })),
}));
vi.mock('../../../api/account.ts', () => api);
const notifications = vi.hoisted(() => ({
  fetchNotificationSettings: vi.fn(async () => ({ kinds: [] as string[], wechatBound: true })),
  saveNotificationSettings: vi.fn(async (kinds: string[]) => ({ kinds, wechatBound: true })),
}));
vi.mock('../../../api/notifications.ts', () => notifications);
import { languageAtom, translate } from '../../../i18n/index.ts';
import { userAtom } from '../../../session/atoms.ts';
import { renderView } from '../../testing.tsx';
import { ChangeMobileForm, ChangePasswordForm, PASSWORD_PATTERN } from './credential-forms.tsx';
import AccountSettingView from './index.tsx';
import { NotificationSettingsSection } from './notification-settings.tsx';

const zh = (key: Parameters<typeof translate>[1]) => translate('zh-cn', key);

function renderFor(hasPassword: boolean) {
  const store = createStore();
  store.set(userAtom, { id: 1, roles: 'member', hasPassword, mobile: '138****0001' } as never);
  renderView(<ChangePasswordForm onDone={() => undefined} />, { store });
}

describe('password form', () => {
  it('asks a member with a password for the old one', () => {
    renderFor(true);
    expect(screen.getByText(zh('setting.password.old'))).toBeTruthy();
    expect(screen.queryByText(zh('setting.password.ownMobile'))).toBeNull();
  });

  it('lets a WeChat-only member set a password with a code to their own mobile', () => {
    renderFor(false);
    expect(screen.getByText(zh('setting.password.setTitle'))).toBeTruthy();
    expect(screen.getByText(zh('setting.password.ownMobile'))).toBeTruthy();
    expect(screen.queryByText(zh('setting.password.old'))).toBeNull();
  });

  it('follows the server rule: 8 to 32 characters with letters and digits', () => {
    expect(PASSWORD_PATTERN.test('Demo@123456')).toBe(true);
    expect(PASSWORD_PATTERN.test('abcdefgh')).toBe(false);
    expect(PASSWORD_PATTERN.test('12345678')).toBe(false);
    expect(PASSWORD_PATTERN.test('a1b2c3')).toBe(false);
  });
});

describe('mobile change', () => {
  it('takes the SMS code in one labelled field drawn as six cells, digits only', () => {
    const store = createStore();
    store.set(userAtom, { id: 1, roles: 'member', hasPassword: true, mobile: '13800000001' } as never);
    renderView(<ChangeMobileForm onDone={() => undefined} />, { store });
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: zh('setting.mobile.codePlaceholder') });
    expect(field.autocomplete).toBe('one-time-code');
    const cells = screen.getByTestId('sms-code-cells').querySelectorAll('span');
    expect(cells).toHaveLength(6);
    fireEvent.change(field, { target: { value: '12a3456789' } });
    expect(field.value).toBe('123456');
    expect([...cells].map((c) => c.textContent)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('shows the current mobile masked on the settings page, or 未设置', () => {
    const store = createStore();
    store.set(userAtom, { id: 1, roles: 'member', hasPassword: true, mobile: '13900001234' } as never);
    renderView(<AccountSettingView />, { store });
    expect(screen.getByText('139****1234')).toBeTruthy();
    expect(screen.queryByText('13900001234')).toBeNull();
  });

  it('says the mobile is not set for a member without one', () => {
    const store = createStore();
    store.set(userAtom, { id: 1, roles: 'member', hasPassword: false, mobile: null } as never);
    renderView(<AccountSettingView />, { store });
    expect(screen.getByText(zh('member.notSet'))).toBeTruthy();
  });
});

describe('first password by code', () => {
  it('sends the code from the six cells and afterwards asks for the old password', async () => {
    const store = createStore();
    store.set(userAtom, { id: 1, roles: 'member', hasPassword: false, mobile: '13700000001' } as never);
    renderView(<ChangePasswordForm onDone={() => undefined} />, { store });
    fireEvent.change(screen.getByLabelText(zh('setting.password.ownMobile'), { exact: false }), {
      target: { value: '13700000001' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: zh('setting.mobile.codePlaceholder') }), {
      target: { value: '654321' },
    });
    fireEvent.change(screen.getByLabelText(zh('setting.password.new'), { exact: false }), {
      target: { value: 'First2026pw' },
    });
    fireEvent.change(screen.getByLabelText(zh('setting.password.confirm'), { exact: false }), {
      target: { value: 'First2026pw' },
    });
    fireEvent.click(screen.getByRole('button', { name: zh('common.confirm') }));
    await waitFor(() =>
      expect(api.changePassword).toHaveBeenCalledWith({ code: '654321', newPassword: 'First2026pw' }),
    );
    await waitFor(() => expect(store.get(userAtom)?.hasPassword).toBe(true));
    expect(screen.getByText(zh('setting.password.old'))).toBeTruthy();
  });
});

describe('微信通知', () => {
  const pl = (key: Parameters<typeof translate>[1]) => translate('pl', key);

  it('starts with every kind off and saves the kinds switched on', async () => {
    notifications.fetchNotificationSettings.mockResolvedValueOnce({ kinds: [], wechatBound: true });
    renderView(<NotificationSettingsSection />);
    const claim = await screen.findByRole('switch', { name: zh('setting.notify.kind.claim') });
    await waitFor(() => expect(claim.getAttribute('aria-disabled')).not.toBe('true'));
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-checked'))).toEqual([
      'false',
      'false',
      'false',
      'false',
      'false',
    ]);
    fireEvent.click(claim);
    await waitFor(() => expect(notifications.saveNotificationSettings).toHaveBeenLastCalledWith(['claim']));
    await waitFor(() => expect(claim.getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText(zh('setting.notify.hint'))).toBeTruthy();
  });

  it('says why it is unavailable without a WeChat sign-in, with the switches off', async () => {
    notifications.fetchNotificationSettings.mockResolvedValueOnce({ kinds: [], wechatBound: false });
    renderView(<NotificationSettingsSection />);
    expect(await screen.findByText(zh('setting.notify.unbound'))).toBeTruthy();
    for (const s of screen.getAllByRole('switch')) expect(s.getAttribute('aria-disabled')).toBe('true');
  });

  it('speaks Polish', async () => {
    notifications.fetchNotificationSettings.mockResolvedValueOnce({ kinds: ['payment'], wechatBound: false });
    const store = createStore();
    store.set(languageAtom, 'pl');
    renderView(<NotificationSettingsSection />, { store });
    expect(await screen.findByText(pl('setting.notify.unbound'))).toBeTruthy();
    expect(screen.getByText(pl('setting.notify.title'))).toBeTruthy();
    expect(screen.getByRole('switch', { name: pl('setting.notify.kind.payment') }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('saves the choice again when the member changes language, so notifications follow it', async () => {
    notifications.fetchNotificationSettings.mockResolvedValueOnce({ kinds: ['claim'], wechatBound: true });
    notifications.saveNotificationSettings.mockClear();
    const store = createStore();
    renderView(<NotificationSettingsSection />, { store });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: zh('setting.notify.kind.claim') }).getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    expect(notifications.saveNotificationSettings).not.toHaveBeenCalled();
    act(() => store.set(languageAtom, 'pl'));
    await waitFor(() => expect(notifications.saveNotificationSettings).toHaveBeenCalledWith(['claim']));
    expect(notifications.saveNotificationSettings).toHaveBeenCalledTimes(1);
  });
});
