import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, CLAIM_TYPES } from '#shared/claims.ts';
import { CLAIM_STATUS_KEYS, CLAIM_TYPE_KEYS, codeName } from './enum-names.ts';
import { regionName } from './region-names.ts';
import { translate, type MessageKey } from './index.ts';

const polish = (key: MessageKey) => translate('pl', key);
const chinese = (key: MessageKey) => translate('zh-cn', key);
const HAN = /\p{Script=Han}/u;

describe('names of the server’s codes', () => {
  it('names every claim status and type in Polish, and in Chinese', () => {
    for (const status of CLAIM_STATUSES) {
      expect(polish(CLAIM_STATUS_KEYS[status])).not.toMatch(HAN);
      expect(chinese(CLAIM_STATUS_KEYS[status])).toMatch(HAN);
    }
    for (const type of CLAIM_TYPES) expect(polish(CLAIM_TYPE_KEYS[type])).not.toMatch(HAN);
  });

  it('shows the server’s text for a code this build does not know', () => {
    expect(codeName(polish, CLAIM_STATUS_KEYS, 'reviewing', '审核中')).toBe('W weryfikacji');
    expect(codeName(polish, CLAIM_STATUS_KEYS, 'appealed' as never, '申诉中')).toBe('申诉中');
  });

  it('names the regions of the catalogue in Polish, and keeps a place it does not know', () => {
    expect(regionName(polish, '中国大陆')).toBe('Chiny kontynentalne');
    expect(regionName(polish, '广东省')).toBe('Guangdong');
    expect(regionName(chinese, '广东省')).toBe('广东省');
    expect(regionName(polish, '广东省深圳市')).toBe('广东省深圳市');
  });
});
