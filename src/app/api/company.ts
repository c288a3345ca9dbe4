import type {
  Bonus,
  BonusInput,
  CompanyMember,
  CompanyOptionList,
  CompanyMemberAction,
  CompanyMemberInput,
  CompanyMemberList,
  CompanyMemberQuery,
  Department,
  DepartmentList,
  Invitation,
  JoinInput,
  Joined,
  JoinPreview,
  ScanState,
  ToTeamInput,
} from '#shared/company.ts';
import type { TeamList } from '#shared/orders.ts';
import * as paths from '#shared/api-paths.ts';
import { unwrap } from './client.ts';
import { issuesClient, withIssues } from './field-issues.ts';

/*
 * Company members (src/shared/company.ts): departments, members, the join QR and its isScan poll,
 * commission shares. Lists come masked. Form refusals come back as IssuesError.
 */

/** Channel staff name the company (companyId, from listCompanies); a company acts for itself. */
const companyParams = (companyId?: number): Record<string, string> =>
  companyId ? { companyId: String(companyId) } : {};

export const listDepartments = (companyId?: number) =>
  unwrap<DepartmentList>(issuesClient.get(paths.company.departments(), { searchParams: companyParams(companyId) }));
export const addDepartment = (name: string, companyId?: number) =>
  withIssues((context) =>
    unwrap<Department>(
      issuesClient.post(paths.company.departments(), {
        json: { name },
        searchParams: companyParams(companyId),
        context,
      }),
    ),
  );

export const renameDepartment = (id: number, name: string) =>
  withIssues((context) =>
    unwrap<null>(issuesClient.put(paths.company.department({ id }), { json: { name }, context })),
  );
export const deleteDepartment = (id: number) => unwrap<null>(issuesClient.delete(paths.company.department({ id })));

export function listCompanyMembers(query: CompanyMemberQuery): Promise<CompanyMemberList> {
  const searchParams: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') searchParams[k] = String(v);
  return unwrap<CompanyMemberList>(issuesClient.get(paths.company.members(), { searchParams }));
}
export const getCompanyMember = (id: number) => unwrap<CompanyMember>(issuesClient.get(paths.company.member({ id })));
export const addCompanyMember = (input: CompanyMemberInput) =>
  withIssues((context) => unwrap<CompanyMember>(issuesClient.post(paths.company.members(), { json: input, context })));
export const editCompanyMember = (id: number, input: CompanyMemberInput) =>
  withIssues((context) =>
    unwrap<CompanyMember>(issuesClient.put(paths.company.member({ id }), { json: input, context })),
  );
export const changeCompanyMember = (id: number, action: CompanyMemberAction) =>
  unwrap<CompanyMember>(issuesClient.put(paths.company.memberAction({ id, x: action })));

export const createInvitation = (departmentId: number) =>
  unwrap<Invitation>(issuesClient.post(paths.company.invitations(), { json: { departmentId } }));
export const isScan = (id: number) => unwrap<ScanState>(issuesClient.get(paths.company.isScan({ id })));
/** Who asks for the ID number: the join link's company and department (nothing is joined yet). */
export const previewJoin = (token: string) =>
  unwrap<JoinPreview>(issuesClient.post(paths.company.joinPreview(), { json: { token }, context: { silent: true } }));
export const joinCompany = (input: JoinInput) =>
  withIssues((context) => unwrap<Joined>(issuesClient.post(paths.company.join(), { json: input, context })));

export const getBonus = (period: string, companyId?: number) =>
  unwrap<Bonus>(issuesClient.get(paths.company.bonus(), { searchParams: { period, ...companyParams(companyId) } }));
export const saveBonus = (input: BonusInput, companyId?: number) =>
  withIssues((context) =>
    unwrap<Bonus>(
      issuesClient.put(paths.company.bonus(), { json: input, searchParams: companyParams(companyId), context }),
    ),
  );

/** `GET company/companies?keyword=`: the companies the caller may act for (channel staff: all; a company: itself). */
export const listCompanies = (keyword = '') =>
  unwrap<CompanyOptionList>(
    issuesClient.get(paths.company.companies(), { searchParams: keyword.trim() ? { keyword: keyword.trim() } : {} }),
  );

/** Copies the chosen company members into the team draft (the server fills in their whole IDs). */
export const addMembersToTeam = (draftId: number, input: ToTeamInput) =>
  unwrap<TeamList>(issuesClient.post(paths.company.toTeam({ draftId }), { json: input }));
