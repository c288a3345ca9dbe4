import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderView } from '../../testing.tsx';
import { ImportReport } from './import-report.tsx';

describe('team list import report', () => {
  it('lists every refused cell by Excel row, column and reason, and says nothing was imported', () => {
    renderView(
      <ImportReport
        fileName="名单.xlsx"
        errors={[
          { row: 2, field: '证件号码', message: '证件号码校验位不正确，请核对' },
          { row: 2, field: '职业类别', message: '职业类别应为 1–6 的数字' },
          { row: 5, field: '证件号码', message: '与第 3 行的证件号码重复' },
        ]}
      />,
    );
    const report = screen.getByRole('region', { name: '导入失败，未导入任何数据' });
    expect(within(report).getByText('文件“名单.xlsx”中 2 行共有 3 处错误，请修改后重新导入：')).toBeTruthy();
    const rows = within(report)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      '第 2 行证件号码证件号码校验位不正确，请核对',
      '第 2 行职业类别职业类别应为 1–6 的数字',
      '第 5 行证件号码与第 3 行的证件号码重复',
    ]);
  });
});
