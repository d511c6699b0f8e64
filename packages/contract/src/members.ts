import { z } from 'zod';
import { defineRoute } from './route';
import { JoinedViaSchema, TenantQuerySchema } from './tenants';

// Who belongs to a workspace and what they may change: owners and members, joining by the company's
// mail domain, invitations, and the log of what operators did inside the workspace.

export const MEMBER_ROLES = ['owner', 'member'] as const;
export const MemberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof MemberRoleSchema>;

/** An invitation waits this long for the invited address to sign up or sign in. */
export const INVITATION_TTL_DAYS = 14;
export const OPERATOR_LOG_LIMIT = 100;

/** Refusals of owner-only actions (403) and the members area's answers. */
export const ROLE_MESSAGES = {
  billing: "Only the workspace's owners can change the plan or billing.",
  members: "Only the workspace's owners can change or remove members.",
  invitations: "Only the workspace's owners can invite people.",
  joining: "Only the workspace's owners can change who may join.",
  revokeKey: "Only the workspace's owners can revoke an API key someone else created.",
  operatorLog: "Only the workspace's owners can read what operators did in it.",
  lastOwner: 'A workspace needs at least one owner: make someone else an owner first.',
  operatorReadOnly: "Operators can view a customer's workspace but not change it.",
} as const;

export const MEMBER_MESSAGES = {
  notFound: 'This person is not a member of the workspace.',
  invitationNotFound: 'This invitation does not exist or was already used.',
  removed: (email: string) => `${email} was removed from the workspace.`,
  roleChanged: (email: string, role: MemberRole) =>
    role === 'owner' ? `${email} is now an owner.` : `${email} is now a member.`,
  invited: (email: string) =>
    `Invitation saved: ${email} joins this workspace on signing up or signing in with that address.`,
  alreadyMember: 'This person is already a member of the workspace.',
  invitationRevoked: 'Invitation withdrawn.',
  joiningOn: (domain: string) => `Everyone with an @${domain} address can now join this workspace.`,
  joiningOff: 'People now join this workspace only by invitation.',
  joiningPublicDomain: (domain: string) =>
    `${domain} is a public mail provider: people who share it are strangers, so joining by it is not possible. Invite them instead.`,
  joiningNoDomain: 'This workspace has no company domain: invite people instead.',
  invalidEmail: 'Please enter valid email.',
  loadFailed: 'Could not load the members. Please try again.',
  updateFailed: 'Something went wrong. Please try again.',
} as const;

export const MemberSchema = z
  .object({
    user_uuid: z.uuid(),
    email: z.string(),
    given_name: z.string().nullable(),
    family_name: z.string().nullable(),
    role: MemberRoleSchema,
    joined_via: JoinedViaSchema,
    created_at: z.string(),
    is_you: z.boolean(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof MemberSchema>;

/** The joining rule: by the company domain that founded the workspace, when its owners allow it. */
export const JoiningRuleSchema = z
  .object({
    /** The domain that founded the workspace; null for workspaces made without one. */
    domain: z.string().nullable(),
    join_by_domain: z.boolean(),
    /** False for public mail providers (and workspaces without a domain): joining by it is never possible. */
    can_join_by_domain: z.boolean(),
  })
  .meta({ id: 'JoiningRule' });
export type JoiningRule = z.infer<typeof JoiningRuleSchema>;

export const MembersResponseSchema = z.object({
  members: z.array(MemberSchema),
  /** The caller's role here; null for an operator viewing a customer. */
  your_role: MemberRoleSchema.nullable(),
  joining: JoiningRuleSchema,
});
export type MembersResponse = z.infer<typeof MembersResponseSchema>;

export const MemberParamsSchema = z.object({ user_uuid: z.string().min(1).max(64) });
export const UpdateMemberBodySchema = z.object({ role: MemberRoleSchema });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

export const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    invited_by: z.string().nullable(),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationsResponseSchema = z.object({ invitations: z.array(InvitationSchema) });
export const CreateInvitationBodySchema = z.object({
  email: z.string().trim().max(254).pipe(z.email(MEMBER_MESSAGES.invalidEmail)),
});
export type CreateInvitationBody = z.infer<typeof CreateInvitationBodySchema>;
export const InvitationParamsSchema = z.object({
  invitation_id: z.string().regex(/^\d{1,18}$/, 'must be an invitation id'),
});

export const UpdateJoiningBodySchema = z.object({ join_by_domain: z.boolean() });
export type UpdateJoiningBody = z.infer<typeof UpdateJoiningBodySchema>;

export const OperatorLogEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    operator_email: z.string(),
    method: z.string(),
    route: z.string(),
  })
  .meta({ id: 'OperatorLogEntry' });
export type OperatorLogEntry = z.infer<typeof OperatorLogEntrySchema>;
export const OperatorLogResponseSchema = z.object({ entries: z.array(OperatorLogEntrySchema) });

const MessageAnswerSchema = z.object({ success: z.literal(true), message: z.string() });

export const membersRoutes = {
  listMembers: defineRoute({
    method: 'GET',
    path: '/v1/members',
    access: 'tenant',
    summary: "The workspace's members with their roles, the caller's role and the joining rule",
    tags: ['members'],
    query: TenantQuerySchema,
    response: MembersResponseSchema,
  }),
  updateMember: defineRoute({
    method: 'PATCH',
    path: '/v1/members/:user_uuid',
    access: 'tenant',
    summary: 'Make a member an owner, or an owner a member (owners only)',
    tags: ['members'],
    params: MemberParamsSchema,
    query: TenantQuerySchema,
    body: UpdateMemberBodySchema,
    response: MessageAnswerSchema,
  }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/v1/members/:user_uuid',
    access: 'tenant',
    summary: 'Remove someone from the workspace (owners only; the last owner stays)',
    tags: ['members'],
    params: MemberParamsSchema,
    query: TenantQuerySchema,
    response: MessageAnswerSchema,
  }),
  listInvitations: defineRoute({
    method: 'GET',
    path: '/v1/members/invitations',
    access: 'tenant',
    summary: 'Invitations that are still waiting',
    tags: ['members'],
    query: TenantQuerySchema,
    response: InvitationsResponseSchema,
  }),
  createInvitation: defineRoute({
    method: 'POST',
    path: '/v1/members/invitations',
    access: 'tenant',
    summary: 'Invite an e-mail address: it joins this workspace on its next sign-up or sign-in (owners only)',
    tags: ['members'],
    query: TenantQuerySchema,
    body: CreateInvitationBodySchema,
    response: MessageAnswerSchema,
  }),
  revokeInvitation: defineRoute({
    method: 'DELETE',
    path: '/v1/members/invitations/:invitation_id',
    access: 'tenant',
    summary: 'Withdraw an invitation (owners only)',
    tags: ['members'],
    params: InvitationParamsSchema,
    query: TenantQuerySchema,
    response: MessageAnswerSchema,
  }),
  updateJoining: defineRoute({
    method: 'PUT',
    path: '/v1/members/joining',
    access: 'tenant',
    summary: "Let everyone at the workspace's company domain join, or not (owners only)",
    tags: ['members'],
    query: TenantQuerySchema,
    body: UpdateJoiningBodySchema,
    response: MessageAnswerSchema.extend({ joining: JoiningRuleSchema }),
  }),
  operatorLog: defineRoute({
    method: 'GET',
    path: '/v1/members/operator_log',
    access: 'tenant',
    summary: "What Tidemark's operators changed in this workspace, newest first (owners; operators may view)",
    tags: ['members'],
    query: TenantQuerySchema,
    response: OperatorLogResponseSchema,
  }),
} as const;
