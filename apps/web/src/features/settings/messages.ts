import { TOKEN_MESSAGES } from '@tidemark/contract';

/** Spec 1 §2 (settings page): the tabs, in their order, as kept in `?tab=`. */
export const SETTINGS_TABS = [
  'profile',
  'my_metrics',
  'notifications',
  'api_keys',
  'stores',
  'billing',
  'events',
  'members',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
export const DEFAULT_SETTINGS_TAB: SettingsTab = 'profile';

/** Spec 1 §9: toasts of key messages stay 4000 ms. */
export const KEY_TOAST_MS = 4000;

export const SETTINGS_COPY = {
  title: 'Preferences',
  tabsLabel: 'Settings sections',
  tabs: {
    profile: 'Profile',
    my_metrics: 'My Metrics',
    notifications: 'Notifications',
    api_keys: 'API Keys',
    stores: 'Stores',
    billing: 'Billing',
    events: 'Events',
    members: 'Members',
  } satisfies Record<SettingsTab, string>,
} as const;

export const API_KEYS_COPY = {
  heading: 'API Keys',
  intro:
    'Keys let scripts and tools read this workspace through the Tidemark API. Send one as "Authorization: Bearer <key>". Keys can only read.',
  docsLink: 'API documentation',
  create: 'Create API key',
  listLabel: 'API keys',
  columns: {
    name: 'Name',
    scope: 'Scope',
    prefix: 'Key',
    created: 'Created',
    lastUsed: 'Last used',
    actions: 'Actions',
  },
  allData: 'All data',
  neverUsed: 'Never used',
  unknownCreator: 'Unknown',
  createdBy: (who: string) => `by ${who}`,
  emptyTitle: 'No API keys yet',
  emptyBody: 'Create a key to read your metrics, insights and events from your own tools.',
  loadError: "We couldn't load your API keys.",
  retry: 'Try again',
  demo: 'API keys belong to your own workspace: exit demo mode to create or revoke them.',
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke ${name}`,
  // The dialog of spec 1 §4: enter name → generating → shown once with a copy action.
  dialog: {
    title: 'Create API key',
    nameLabel: 'Key label',
    nameRequired: TOKEN_MESSAGES.nameRequired,
    scopeLabel: 'Scope',
    scopeAll: 'All data in this workspace',
    scopeFiltered: (dimension: string, value: string) => `Only ${dimension}: ${value}`,
    scopeHelpAll: 'Apply a global filter first to make a key that reads one dimension value only.',
    scopeHelpFiltered: 'Taken from the global filter you have applied: calls with this key are pinned to it.',
    cancel: 'Cancel',
    generate: 'Generate key',
    generating: 'Generating…',
    createdTitle: 'Your new API key',
    onceWarning: "Copy this key now. It won't be shown again and can't be retrieved later.",
    keyLabel: 'API key',
    copy: 'Copy key',
    copied: TOKEN_MESSAGES.copied,
    copyFailed: "Couldn't copy automatically: select the key and copy it yourself, then confirm.",
    confirmCopied: 'I have copied the key',
    done: 'Done',
    closeHint: 'Copy the key to close this dialog.',
    failed: "We couldn't create the key. Please try again.",
  },
  revokeDialog: {
    title: 'Revoke API key?',
    body: (name: string) =>
      `"${name}" stops working at once. Scripts and tools using it will get 401 answers. This can't be undone.`,
    cancel: 'Cancel',
    confirm: 'Revoke key',
    revoking: 'Revoking…',
    done: TOKEN_MESSAGES.revoked,
    failed: "We couldn't revoke the key. Please try again.",
  },
} as const;
