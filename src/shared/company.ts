import { z } from 'zod';
import { line, text } from './text.ts';
import { MOBILE_PATTERN } from './constants.ts';
import { normalizeIdNumber } from './identity.ts';
import { ID_TYPES, idDocumentProblem, NAME_PATTERN } from './orders.ts';

/**
 * Company members (部门管理, spec §7 company/members). A company member account (role `company`)
 * owns departments and their members; channel staff may see and change every company's records.
 * Members come in by hand (with an ID check) or by scanning the department's join QR code inside
 * WeChat: the invitation is single use and expires after JOIN_QR_TTL_SECONDS. Lists mask the ID
 * number and mobile. Every path is under `/prod-api/app-api/v1`.
 */

export const JOIN_QR_TTL_SECONDS = 600;
export const COMPANY_MEMBER_STATUSES = ['active', 'disabled', 'left'] as const;
export type CompanyMemberStatus = (typeof COMPANY_MEMBER_STATUSES)[number];
export const COMPANY_MEMBER_STATUS_LABELS: Record<CompanyMemberStatus, string> = {
  active: '在职',
  disabled: '停用',
  left: '已离职',
};
/** `PUT /company/members/{id}/{x}`: the status each action leads to. */
export const COMPANY_MEMBER_ACTIONS = {
  enable: 'active',
  disable: 'disabled',
  leave: 'left',
} as const satisfies Record<string, CompanyMemberStatus>;
export type CompanyMemberAction = keyof typeof COMPANY_MEMBER_ACTIONS;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const DepartmentName = text().trim().min(1, '请填写部门名称').max(30, '部门名称最多 30 个字');
const PositiveId = (label: string) =>
  z.coerce
    .number(`${label}应为正整数`)
    .int(`${label}应为正整数`)
    .positive(`${label}应为正整数`)
    .max(2_147_483_647, `${label}应为正整数`);

export const DepartmentInputSchema = z.object({ name: DepartmentName });

export const DepartmentSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: text(),
  memberCount: z.number().int(),
});
export type Department = z.infer<typeof DepartmentSchema>;
export const DepartmentListSchema = z.object({ list: z.array(DepartmentSchema) });
export type DepartmentList = z.infer<typeof DepartmentListSchema>;

/** `POST /company/members` and `PUT /company/members/{id}`: added by hand, ID checked by type. */
export const CompanyMemberInputSchema = z
  .object({
    departmentId: PositiveId('部门编号'),
    name: text().trim().regex(NAME_PATTERN, '姓名应为 2–30 个汉字或字母'),
    mobile: z.preprocess(blankToUndefined, text().trim().regex(MOBILE_PATTERN, '手机号格式不正确').optional()),
    idType: z.enum(ID_TYPES, '证件类型不正确').default('id_card'),
    idNumber: text('请填写证件号码').transform(normalizeIdNumber),
  })
  .superRefine((p, ctx) => {
    const problem = idDocumentProblem(p.idType, p.idNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: problem });
  });
export type CompanyMemberInput = z.input<typeof CompanyMemberInputSchema>;
export type CompanyMemberValues = z.output<typeof CompanyMemberInputSchema>;

export const CompanyMemberQuerySchema = z.object({
  departmentId: z.preprocess(blankToUndefined, PositiveId('部门编号').optional()),
  keyword: z.preprocess(blankToUndefined, line().trim().max(30, '关键词最多 30 个字').optional()),
  status: z.preprocess(blankToUndefined, z.enum(COMPANY_MEMBER_STATUSES, '状态不正确').optional()),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number('页码应为正整数').int('页码应为正整数').min(1, '页码应为正整数').max(10_000, '页码过大').default(1),
  ),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('每页条数应为 1–50')
      .int('每页条数应为 1–50')
      .min(1, '每页条数应为 1–50')
      .max(50, '每页条数应为 1–50')
      .default(20),
  ),
});
export type CompanyMemberQuery = z.input<typeof CompanyMemberQuerySchema>;

/** One company member; in lists `idNumber` and `mobile` are masked. */
export const CompanyMemberSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  departmentId: z.number().int(),
  departmentName: text(),
  name: text(),
  mobile: text().nullable(),
  idType: z.enum(ID_TYPES).nullable(),
  idNumber: text().nullable(),
  memberId: z.number().int().nullable(),
  status: z.enum(COMPANY_MEMBER_STATUSES),
  joinedByScan: z.boolean(),
  updatedAt: text(),
});
export type CompanyMember = z.infer<typeof CompanyMemberSchema>;
export const CompanyMemberListSchema = z.object({
  list: z.array(CompanyMemberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CompanyMemberList = z.infer<typeof CompanyMemberListSchema>;

export const InvitationInputSchema = z.object({ departmentId: PositiveId('部门编号') });
/** The company page renders `joinUrl` as a QR code and polls `isScan/{id}`. */
export const InvitationSchema = z.object({
  id: z.number().int(),
  departmentId: z.number().int(),
  joinUrl: text(),
  token: text(),
  expiresAt: text(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const ScanStateSchema = z.object({
  id: z.number().int(),
  scanned: z.boolean(),
  expired: z.boolean(),
  scannedAt: text().nullable(),
  memberName: text().nullable(),
  companyMemberId: z.number().int().nullable(),
  expiresAt: text(),
});
export type ScanState = z.infer<typeof ScanStateSchema>;

/** The scanning member's own details: name and ID make them insurable by the company. */
export const JoinInputSchema = z
  .object({
    token: text('邀请码无效')
      .trim()
      .regex(/^[A-Za-z0-9_-]{20,100}$/, '邀请码无效'),
    name: text().trim().regex(NAME_PATTERN, '姓名应为 2–30 个汉字或字母'),
    mobile: z.preprocess(blankToUndefined, text().trim().regex(MOBILE_PATTERN, '手机号格式不正确').optional()),
    idType: z.enum(ID_TYPES, '证件类型不正确').default('id_card'),
    idNumber: text('请填写证件号码').transform(normalizeIdNumber),
  })
  .superRefine((p, ctx) => {
    const problem = idDocumentProblem(p.idType, p.idNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: problem });
  });
export type JoinInput = z.input<typeof JoinInputSchema>;
export const JoinedSchema = z.object({ companyMemberId: z.number().int(), departmentName: text() });
export type Joined = z.infer<typeof JoinedSchema>;

/** Commission shares: percent of the company's commission per department for one month. */
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const BonusQuerySchema = z.object({ period: text('请选择月份').regex(PERIOD_PATTERN, '月份格式应为 YYYY-MM') });
export const BonusInputSchema = z
  .object({
    period: text('请选择月份').regex(PERIOD_PATTERN, '月份格式应为 YYYY-MM'),
    shares: z
      .array(
        z.object({
          departmentId: PositiveId('部门编号'),
          /** Percent with up to two decimals, stored as basis points. */
          percent: z
            .number('比例应为 0–100')
            .min(0, '比例应为 0–100')
            .max(100, '比例应为 0–100')
            .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, '比例最多两位小数'),
        }),
      )
      .max(200),
  })
  .superRefine((b, ctx) => {
    const total = b.shares.reduce((s, x) => s + Math.round(x.percent * 100), 0);
    if (total > 10_000) ctx.addIssue({ code: 'custom', path: ['shares'], message: '各部门比例之和不能超过 100%' });
    const ids = new Set(b.shares.map((s) => s.departmentId));
    if (ids.size !== b.shares.length) ctx.addIssue({ code: 'custom', path: ['shares'], message: '部门重复' });
  });
export type BonusInput = z.input<typeof BonusInputSchema>;
export const BonusSchema = z.object({
  period: text(),
  shares: z.array(
    z.object({
      departmentId: z.number().int(),
      departmentName: text(),
      percent: z.number(),
      amountFen: z.number().int(),
    }),
  ),
  totalPercent: z.number(),
  /** The company's commission earned in the month (not reversed), in fen; shares are rounded down to the fen. */
  commissionFen: z.number().int(),
});
export type Bonus = z.infer<typeof BonusSchema>;

/**
 * `GET company/companies?keyword=`: the companies the caller may act for, for the company picker of
 * channel staff (佣金分配 and the other company pages). Channel staff see every company account
 * (the first COMPANY_OPTIONS_MAX matching the keyword); a company sees only itself.
 */
export const COMPANY_OPTIONS_MAX = 50;
export const CompanyOptionsQuerySchema = z.object({
  keyword: z.preprocess(blankToUndefined, line().trim().max(30, '关键词最多 30 个字').optional()),
});
export const CompanyOptionSchema = z.object({ id: z.number().int(), name: text() });
export type CompanyOption = z.infer<typeof CompanyOptionSchema>;
export const CompanyOptionListSchema = z.object({ list: z.array(CompanyOptionSchema) });
export type CompanyOptionList = z.infer<typeof CompanyOptionListSchema>;

/**
 * `POST /company/members/team/{draftId}`: copies the chosen active company members into the
 * caller's team draft as insured, whole ID numbers copied on the server (lists stay masked).
 */
export const ToTeamInputSchema = z.object({
  ids: z.array(PositiveId('成员编号'), '请选择成员').min(1, '请选择成员').max(200, '一次最多选择 200 人'),
  occupationClass: z.coerce
    .number('职业类别应为 1–6 的数字')
    .int('职业类别应为 1–6 的数字')
    .min(1, '职业类别为 1–6 类')
    .max(6, '职业类别为 1–6 类')
    .default(1),
});
export type ToTeamInput = z.input<typeof ToTeamInputSchema>;
