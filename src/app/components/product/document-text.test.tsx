import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Plan } from '#shared/catalogue.ts';
import { envelope, fakeFetch } from '../../test/fake-fetch.ts';
import { renderView } from '../../views/testing.tsx';
import { DocumentText } from './document-text.tsx';

afterEach(() => vi.unstubAllGlobals());

const standard: Plan = {
  code: 'standard',
  name: '标准版',
  coverages: [
    {
      name: '意外医疗',
      sumInsuredFen: 5_000_000,
      icon: 'accident-medical',
      description: '社保范围内 100% 赔付、范围外 80% 赔付。',
    },
    { name: '意外住院津贴', sumInsuredFen: 15_000, icon: 'allowance', description: '单次最长 90 日。' },
  ],
};

const clause = {
  kind: 'clause',
  title: '综合意外伤害保险条款',
  versionId: 7,
  content:
    '第三条 保险责任　在保险期间内，保险人按照保险单载明的保障方案承担下列保险责任：\n\n【尊享版】\n\n（4）猝死：给付猝死保险金。',
};

describe('a document opened while buying', () => {
  it("opens the clause with the chosen plan's cover (what the customer consents to), not the top plan's", async () => {
    vi.stubGlobal('fetch', fakeFetch(() => envelope(clause)).fetch);
    renderView(<DocumentText productId={1} kind="clause" plan={standard} />);
    const chosen = await screen.findByRole('region', { name: '您选择的保障方案：标准版' });
    expect(chosen.textContent).toContain('意外医疗 ¥50,000.00：社保范围内 100% 赔付、范围外 80% 赔付。');
    expect(chosen.textContent).toContain('单次最长 90 日');
    expect(chosen.textContent).not.toContain('猝死');
  });

  it('shows no plan where nothing is being bought (product details)', async () => {
    vi.stubGlobal('fetch', fakeFetch(() => envelope(clause)).fetch);
    renderView(<DocumentText productId={1} kind="clause" />);
    expect(await screen.findByText('综合意外伤害保险条款')).toBeTruthy();
    expect(screen.queryByText(/您选择的保障方案/)).toBeNull();
  });
});
