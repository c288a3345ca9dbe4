import { z } from 'zod';
import type { SharedTextKey } from './texts/zh-cn.ts';
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
/** `PUT /company/members/{id}/{x}`: the status each action leads to. */
export const COMPANY_MEMBER_ACTIONS = {
  enable: 'active',
  disable: 'disabled',
  leave: 'left',
} as const satisfies Record<string, CompanyMemberStatus>;
export type CompanyMemberAction = keyof typeof COMPANY_MEMBER_ACTIONS;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const DepartmentName = text().trim().min(1, 'company.departmentRequired').max(30, 'company.departmentMax');
/** A record number; `message` is its `id.…` key. */
const PositiveId = (message: `id.${string}` & SharedTextKey) =>
  z.coerce.number(message).int(message).positive(message).max(2_147_483_647, message);

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
    departmentId: PositiveId('id.department'),
    name: text().trim().regex(NAME_PATTERN, 'field.nameFormat'),
    mobile: z.preprocess(blankToUndefined, text().trim().regex(MOBILE_PATTERN, 'field.mobileFormat').optional()),
    idType: z.enum(ID_TYPES, 'field.idTypeInvalid').default('id_card'),
    idNumber: text('field.idNumberRequired').transform(normalizeIdNumber),
  })
  .superRefine((p, ctx) => {
    const problem = idDocumentProblem(p.idType, p.idNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['idNumber'], ...problem });
  });
export type CompanyMemberInput = z.input<typeof CompanyMemberInputSchema>;
export type CompanyMemberValues = z.output<typeof CompanyMemberInputSchema>;

export const CompanyMemberQuerySchema = z.object({
  departmentId: z.preprocess(blankToUndefined, PositiveId('id.department').optional()),
  keyword: z.preprocess(blankToUndefined, line().trim().max(30, 'field.keywordMax30').optional()),
  status: z.preprocess(blankToUndefined, z.enum(COMPANY_MEMBER_STATUSES, 'field.statusInvalid').optional()),
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('field.pageNumber')
      .int('field.pageNumber')
      .min(1, 'field.pageNumber')
      .max(10_000, 'field.pageTooLarge')
      .default(1),
  ),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('field.pageSizeRange')
      .int('field.pageSizeRange')
      .min(1, 'field.pageSizeRange')
      .max(50, 'field.pageSizeRange')
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

export const InvitationInputSchema = z.object({ departmentId: PositiveId('id.department') });
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

/** The join QR's token, as the join link carries it. */
const JoinToken = text('company.inviteInvalid')
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'company.inviteInvalid');

/**
 * Who asks a scanning member for their ID number, before they give it: the join link's company and
 * department (names the company chose, shown unmasked). The token travels in the body, as with the
 * join itself, so it stays out of addresses and request logs.
 */
export const JoinPreviewInputSchema = z.object({ token: JoinToken });
export const JoinPreviewSchema = z.object({ companyName: text(), departmentName: text(), expiresAt: text() });
export type JoinPreview = z.infer<typeof JoinPreviewSchema>;

/** The scanning member's own details: name and ID make them insurable by the company. */
export const JoinInputSchema = z
  .object({
    token: JoinToken,
    name: text().trim().regex(NAME_PATTERN, 'field.nameFormat'),
    mobile: z.preprocess(blankToUndefined, text().trim().regex(MOBILE_PATTERN, 'field.mobileFormat').optional()),
    idType: z.enum(ID_TYPES, 'field.idTypeInvalid').default('id_card'),
    idNumber: text('field.idNumberRequired').transform(normalizeIdNumber),
  })
  .superRefine((p, ctx) => {
    const problem = idDocumentProblem(p.idType, p.idNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['idNumber'], ...problem });
  });
export type JoinInput = z.input<typeof JoinInputSchema>;
export const JoinedSchema = z.object({ companyMemberId: z.number().int(), departmentName: text() });
export type Joined = z.infer<typeof JoinedSchema>;

/** Commission shares: percent of the company's commission per department for one month. */
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const BonusQuerySchema = z.object({
  period: text('field.monthRequired').regex(PERIOD_PATTERN, 'field.monthFormat'),
});
export const BonusInputSchema = z
  .object({
    period: text('field.monthRequired').regex(PERIOD_PATTERN, 'field.monthFormat'),
    shares: z
      .array(
        z.object({
          departmentId: PositiveId('id.department'),
          /** Percent with up to two decimals, stored as basis points. */
          percent: z
            .number('company.shareRange')
            .min(0, 'company.shareRange')
            .max(100, 'company.shareRange')
            .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'company.shareDecimals'),
        }),
      )
      .max(200),
  })
  .superRefine((b, ctx) => {
    const total = b.shares.reduce((s, x) => s + Math.round(x.percent * 100), 0);
    if (total > 10_000) ctx.addIssue({ code: 'custom', path: ['shares'], message: 'company.shareSum' });
    const ids = new Set(b.shares.map((s) => s.departmentId));
    if (ids.size !== b.shares.length)
      ctx.addIssue({ code: 'custom', path: ['shares'], message: 'company.departmentRepeated' });
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
  keyword: z.preprocess(blankToUndefined, line().trim().max(30, 'field.keywordMax30').optional()),
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
  ids: z
    .array(PositiveId('id.member'), 'company.membersRequired')
    .min(1, 'company.membersRequired')
    .max(200, 'company.membersMax'),
  occupationClass: z.coerce
    .number('field.occupationNumber')
    .int('field.occupationNumber')
    .min(1, 'field.occupationRange')
    .max(6, 'field.occupationRange')
    .default(1),
});
export type ToTeamInput = z.input<typeof ToTeamInputSchema>;
