import { INVITATION_TTL_DAYS, type JoinedVia, type MemberRole } from '@tidemark/contract';

export { SETTINGS_SNACK_MS } from './personal-messages';

/** What the Members tab says; the server's refusals (403, 409) are shown as it words them. */
export const MEMBERS_COPY = {
  heading: 'Members',
  intro:
    "Owners manage billing and the plan, members, invitations and who may join, and can revoke anyone's API key. Everyone can use and set up everything else.",
  readOnly: 'Only owners can change members, invitations and joining. Ask an owner of this workspace.',
  listLabel: 'Members of this workspace',
  columns: { person: 'Person', role: 'Role', joined: 'How they joined', actions: 'Actions' },
  roles: { owner: 'Owner', member: 'Member' } satisfies Record<MemberRole, string>,
  you: 'you',
  joinedVia: (via: JoinedVia, domain: string | null): string =>
    via === 'founder'
      ? 'Founded the workspace'
      : via === 'invitation'
        ? 'Invited'
        : domain
          ? `Joined with an @${domain} address`
          : 'Joined by domain',
  makeOwner: 'Make owner',
  makeMember: 'Make member',
  remove: 'Remove',
  removeDialog: {
    title: 'Remove member?',
    body: (email: string) =>
      `${email} loses access to this workspace at once, and the API keys they made stop working.`,
    cancel: 'Cancel',
    confirm: 'Remove',
    removing: 'Removing…',
  },
  joining: {
    heading: 'Who can join',
    switchLabel: (domain: string) => `Let everyone at ${domain} join`,
    on: (domain: string) =>
      `Anyone who signs up with an @${domain} address joins this workspace as a member.`,
    off: (domain: string) =>
      `People with an @${domain} address get a workspace of their own unless an owner invites them.`,
    notPossible: (domain: string) =>
      `${domain} is shared by people who do not work together, so nobody joins by it: invite people instead.`,
    noDomain: 'People join this workspace only by invitation.',
  },
  invite: {
    heading: 'Invitations',
    label: 'E-mail address',
    button: 'Invite',
    help: `The person joins this workspace as a member when they sign up or sign in with this address. Invitations last ${INVITATION_TTL_DAYS} days.`,
    empty: 'No invitations are waiting.',
    withdraw: 'Withdraw',
    listLabel: 'Invitations waiting',
    invalid: 'Please enter valid email.',
  },
  log: {
    heading: 'Operator log',
    intro:
      "Tidemark's operators can view your workspace to help you. They cannot change it, except for the support actions listed here.",
    empty: "Tidemark's operators have changed nothing in this workspace.",
    listLabel: 'Operator actions',
    columns: { at: 'When', operator: 'Operator', action: 'Action' },
  },
  loadError: 'Could not load the members.',
  retry: 'Try again',
} as const;

/** An operator log entry in words: the known support actions by name, anything else by its call. */
export function operatorActionLabel(method: string, route: string): string {
  if (route === '/v1/connectors/:datasource_id/sync') return 'Ran a data source sync again';
  if (route === '/v1/flags/:flag') return 'Changed a feature setting';
  return `${method} ${route}`;
}
