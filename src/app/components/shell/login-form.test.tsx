import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { ApiError } from '../../api/api-error.ts';
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

  it('marks 手机号 as required, like 验证码', async () => {
    await renderForm();
    fireEvent.click(screen.getByRole('tab', { name: zh('signin.tabSms') }));
    const label = (name: string) => screen.getAllByText(name).find((node) => node.closest('.adm-form-item-label'))!;
    await waitFor(() => expect(label(zh('signin.code'))).toBeTruthy());
    for (const name of [zh('signin.mobile'), zh('signin.code')])
      expect(
        label(name).closest('.adm-form-item-label')!.querySelector('.adm-form-item-required-asterisk'),
      ).not.toBeNull();
  });

  it('at the lockout, offers 验证码登录 and 忘记密码 beside the password form', async () => {
    session.signInWith.mockClear();
    session.signInWith.mockImplementationOnce(async () => {
      throw new ApiError('A0210', '用户名或密码错误，还可尝试 3 次', 400, { triesLeft: 3 });
    });
    await renderForm();
    agree();
    fireEvent.change(screen.getByLabelText(zh('login.username'), { exact: false }), {
      target: { value: 'demo.member' },
    });
    fireEvent.change(screen.getByLabelText(zh('login.password'), { exact: false }), { target: { value: 'Wrong@1' } });
    fireEvent.click(screen.getByRole('button', { name: zh('login.submit') }));
    await new Promise((r) => setTimeout(r, 1500));
    console.log('DBG', document.body.textContent);
    await waitFor(() => expect(session.signInWith).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(screen.queryByRole('alert')).toBeNull();

    session.signInWith.mockImplementationOnce(async () => {
      throw new ApiError('A0429', '密码错误次数过多', 429, null);
    });
    fireEvent.click(screen.getByRole('button', { name: zh('login.submit') }));
    const notice = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(notice.textContent).toContain(zh('signin.lockedHint'));
    fireEvent.click(within(notice).getByRole('button', { name: zh('signin.tabSms') }));
    expect(await screen.findByLabelText(zh('signin.mobile'), { exact: false })).toBeTruthy();
  });
});
