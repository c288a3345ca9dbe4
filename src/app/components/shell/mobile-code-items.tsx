import { Form, Input } from 'antd-mobile';
import type { ReactNode } from 'react';
import { SMS_CODE_LENGTH, type SmsType } from '#shared/constants.ts';
import { isValidMobile } from '#shared/identity.ts';
import { useT } from '../../i18n/index.ts';
import { SmsCodeButton, SmsCodeCells } from '../ui/sms-code.tsx';

interface MobileCodeItemsProps {
  /** Which SMS code the button asks for. */
  type: SmsType;
  /** The mobile typed so far (the button sends to it). */
  mobile: string;
  /** Refuses the code request until the consent is ticked. */
  ensureConsent: () => boolean;
  /** Under the code cells. */
  codeDescription?: ReactNode;
}

/** The mobile with its 获取验证码 button and the six code cells, as the SMS sign-in and the forgotten password ask them. */
export function MobileCodeItems({ type, mobile, ensureConsent, codeDescription }: MobileCodeItemsProps) {
  const t = useT();
  return (
    <>
      <Form.Item
        name="mobile"
        label={t('signin.mobile')}
        required
        validateTrigger="onSubmit"
        rules={[
          {
            validator: async (_r, v: string | undefined) => {
              if (!isValidMobile((v ?? '').trim())) throw new Error(t('signin.mobileInvalid'));
            },
          },
        ]}
        extra={<SmsCodeButton type={type} phone={mobile} canSend={ensureConsent} />}
      >
        <Input
          type="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder={t('signin.mobilePlaceholder')}
          autoComplete="tel"
          clearable
        />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('signin.code')}
        layout="vertical"
        validateTrigger="onSubmit"
        rules={[{ required: true, len: SMS_CODE_LENGTH, message: t('signin.codeRequired') }]}
        description={codeDescription}
      >
        <SmsCodeCells label={t('signin.code')} />
      </Form.Item>
    </>
  );
}
