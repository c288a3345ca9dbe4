import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({ signInWith: vi.fn(async () => undefined) }));
const account = vi.hoisted(() => ({
  sendSmsCode: vi.fn(async () => ({ cooldownSeconds: 60, expiresInSeconds: 300 })),
  resetPassword: vi.fn(async () => undefined),
}));
vi.mock('../../sign-in/sign-in.ts', () => session);
vi.mock('../../api/account.ts', () => account);
vi.mock('./use-wechat-login.ts', () => ({ useWechatLoginAvailable: () => false }));
import { currentAgreement } from '#shared/consent.ts';
import { translate } from '../../i18n/index.ts';
import { renderView } from '../../views/testing.tsx';
import { LoginForm } from './login-form.tsx';

const zh = (key: Parameters<typeof translate>[1]) => translate('zh-cn', key);

async function renderForm(onSuccess = vi.fn()) {
  const view = renderView(<LoginForm onSuccess={onSuccess} />);
  await screen.findByRole('tab', { name: zh('signin.tabSms') });
  return { ...view, onSuccess };
}
const agree = () => fireEvent.click(screen.getByText(zh('signin.consentPrefix'), { exact: false }));

describe('sign-in form (docs/decisions/consent-at-sign-in.md)', () => {
  it("sends no password sign-in before the consent is ticked, then sends it with the documents' versions", async () => {
    session.signInWith.mockClear();
    const { onSuccess } = await renderForm();
    fireEvent.change(screen.getByLabelText(zh('login.username'), { exact: false }), {
      target: { value: 'demo.member' },
    });
    fireEvent.change(screen.getByLabelText(zh('login.password'), { exact: false }), {
      target: { value: 'Demo@123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: zh('login.submit') }));
    await waitFor(() => expect(document.body.textContent).toContain(zh('signin.consentRequired')));
    expect(session.signInWith).not.toHaveBeenCalled();

    agree();
    fireEvent.click(screen.getByRole('button', { name: zh('login.submit') }));
    await waitFor(() =>
      expect(session.signInWith).toHaveBeenCalledWith({
        grant_type: 'member_password',
        username: 'demo.member',
        password: 'Demo@123456',
        agreement: currentAgreement(),
      }),
    );
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
  });

  it('验证码登录 asks for a code only after consent and signs in with the sms_code grant', async () => {
    session.signInWith.mockClear();
    account.sendSmsCode.mockClear();
    await renderForm();
    fireEvent.click(screen.getByRole('tab', { name: zh('signin.tabSms') }));
    fireEvent.change(await screen.findByLabelText(zh('signin.mobile'), { exact: false }), {
      target: { value: '13700000009' },
    });
    fireEvent.click(screen.getByRole('button', { name: zh('setting.mobile.sendCode') }));
    await waitFor(() => expect(document.body.textContent).toContain(zh('signin.consentRequired')));
    expect(account.sendSmsCode).not.toHaveBeenCalled();

    agree();
    fireEvent.click(screen.getByRole('button', { name: zh('setting.mobile.sendCode') }));
    await waitFor(() => expect(account.sendSmsCode).toHaveBeenCalledWith('login', '13700000009'));
    fireEvent.change(screen.getByRole('textbox', { name: zh('signin.code') }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: zh('login.submit') }));
    await waitFor(() =>
      expect(session.signInWith).toHaveBeenCalledWith({
        grant_type: 'sms_code',
        mobile: '13700000009',
        code: '123456',
        agreement: currentAgreement(),
      }),
    );
  });

  it('忘记密码 resets with a repassword code, then signs in with the mobile and the new password', async () => {
    session.signInWith.mockClear();
    const { onSuccess } = await renderForm();
    fireEvent.click(screen.getByRole('button', { name: zh('signin.forgot') }));
    agree();
    fireEvent.change(await screen.findByLabelText(zh('signin.mobile'), { exact: false }), {
      target: { value: '13700000008' },
    });
    fireEvent.click(screen.getByRole('button', { name: zh('setting.mobile.sendCode') }));
    await waitFor(() => expect(account.sendSmsCode).toHaveBeenCalledWith('repassword', '13700000008'));
    fireEvent.change(screen.getByRole('textbox', { name: zh('signin.code') }), { target: { value: '654321' } });
    fireEvent.change(screen.getByLabelText(zh('forgot.newPassword'), { exact: false }), {
      target: { value: 'Reset2026pw' },
    });
    fireEvent.change(screen.getByLabelText(zh('forgot.confirm'), { exact: false }), {
      target: { value: 'Reset2026pw' },
    });
    fireEvent.click(screen.getByRole('button', { name: zh('forgot.submit') }));
    await waitFor(() =>
      expect(account.resetPassword).toHaveBeenCalledWith({
        mobile: '13700000008',
        code: '654321',
        newPassword: 'Reset2026pw',
      }),
    );
    await waitFor(() =>
      expect(session.signInWith).toHaveBeenCalledWith({
        grant_type: 'member_password',
        username: '13700000008',
        password: 'Reset2026pw',
        agreement: currentAgreement(),
      }),
    );
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
  });
});
