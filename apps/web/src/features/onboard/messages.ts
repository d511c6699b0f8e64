import { PERSONA_MESSAGES, WORKSPACE_MESSAGES } from '@tidemark/contract';

/** Workspace onboarding's strings (spec 1 §2, §5, §8); the spec's messages come from the contract the API shares. */
export const ONBOARD_COPY = {
  step: (n: number, of: number) => `Step ${n} of ${of}`,
  createTenant: {
    title: 'Create your workspace',
    subtitle: 'Name the workspace your team will share and tell us where your store lives.',
    nameLabel: 'Workspace name',
    nameHelper: (length: number, max: number) => `${length}/${max} characters`,
    urlLabel: 'Web store URL',
    urlPlaceholder: 'https://your-store.com',
    continue: 'Continue',
    ...WORKSPACE_MESSAGES,
  },
  joinWorkspace: {
    title: 'Join your team',
    subtitle: 'This is the workspace your team shares. Join it to see its metrics, insights and events.',
    members: (count: string, n: number) => `${count} ${n === 1 ? 'member' : 'members'}`,
    logoAlt: (name: string) => `${name} logo`,
    join: 'Join',
    loading: 'Loading your team',
    loadFailed: "We couldn't load your team.",
    retry: 'Retry',
    joined: WORKSPACE_MESSAGES.joined,
    joinFailed: WORKSPACE_MESSAGES.joinFailed,
  },
  persona: {
    title: PERSONA_MESSAGES.title,
    hint: PERSONA_MESSAGES.hint,
    roleLabel: 'Your role',
    objectivesLabel: 'Objectives',
    objectivesPlaceholder: 'Choose one or more',
    otherLabel: 'How will you use it?',
    otherPlaceholder: 'Tell us in a few words',
    continue: 'Continue',
    saving: 'Saving your details',
    updated: PERSONA_MESSAGES.updated,
    updateFailed: PERSONA_MESSAGES.updateFailed,
  },
} as const;

/** The three workspace steps a new user walks through. */
export const ONBOARD_STEP_COUNT = 3;
