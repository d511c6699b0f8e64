import { PERSONA_MESSAGES, SETUP_NOTICES, WORKSPACE_MESSAGES, type JoinedVia } from '@tidemark/contract';

/** Workspace onboarding's strings (spec 1 §2, §5, §8); the spec's messages come from the contract the API shares. */
export const ONBOARD_COPY = {
  step: (n: number, of: number) => `Step ${n} of ${of}`,
  createTenant: {
    title: 'Create your workspace',
    subtitle: 'Name the workspace your team will share and tell us where your store lives.',
    nameLabel: 'Workspace name',
    nameHelper: (length: number, max: number) => `${length}/${max} characters`,
    /** Invisible and control characters are removed and look-alike letters made plain before saving. */
    nameSavedAs: (name: string) => `Will be saved as “${name}”`,
    urlLabel: 'Web store URL',
    urlPlaceholder: 'https://your-store.com',
    continue: 'Continue',
    nameTooLong: WORKSPACE_MESSAGES.nameTooLong,
    storeUrlHelper: WORKSPACE_MESSAGES.storeUrlHelper,
    storeUrlInvalid: WORKSPACE_MESSAGES.storeUrlInvalid,
    created: WORKSPACE_MESSAGES.created,
    createFailed: WORKSPACE_MESSAGES.createFailed,
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
    /** Why this person is in this workspace: sharing a mail domain alone never is the reason. */
    reason: (via: JoinedVia | null, name: string, domain: string | null): string | null =>
      via === 'domain' && domain
        ? `You'll join ${name} because it lets everyone at ${domain} join.`
        : via === 'invitation'
          ? `You'll join ${name} because one of its owners invited you.`
          : via === 'founder'
            ? `You founded ${name}. Colleagues join only if it lets everyone at your domain join, or if you invite them (Settings › Members).`
            : null,
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
  appInstallation: {
    title: 'Install the Tidemark app on your store',
    subtitle: 'The app reads your orders and sessions so Tidemark can watch your store from day one.',
    prerequisitesTitle: 'Before you install',
    prerequisites: [
      'A Shopify store on which you are the owner, or staff allowed to install apps.',
      "Your store's address, for example your-store.myshopify.com.",
      'A minute to approve the app: Shopify asks you, then brings you back here.',
    ],
    shopLabel: 'Store address',
    shopPlaceholder: 'your-store.myshopify.com',
    install: 'Install',
    continue: 'Continue',
    checking: 'Checking whether the store app is available',
    /** Said when the server sends no notice of its own (it names settings to operators only). */
    notConfigured: SETUP_NOTICES.storeApp.customer,
    loadFailed: "We couldn't check whether the store app is available.",
    installFailed: 'The install could not be started. Please try again.',
    retry: 'Retry',
  },
  startTrial: {
    title: 'Start your free trial',
    subtitle: 'Pick a plan in your store admin; the trial starts right away.',
    goal: 'Our goal: a 10% conversion increase during your free trial.',
    cancel: 'Cancel in 1 click, whenever you like.',
    selectPlan: 'Select Plan',
    later: 'Skip for now',
    noStore: "Install the store app first: the plan is chosen on your store's own pricing page.",
  },
  stripeAddOn: {
    title: 'Add-ons for your plan',
    subtitle: 'Optional extras, billed monthly with your plan. You can add or cancel them later in Billing.',
    price: (usd: number) => `$${usd} / month`,
    buy: (name: string) => `Buy ${name}`,
    owned: 'Added to your workspace',
    continue: 'Continue',
    paid: 'Payment received: the add-on appears as soon as Stripe confirms it.',
    cancelled: 'Checkout was cancelled; nothing changed.',
    notConfigured: SETUP_NOTICES.payments.customer,
    loadFailed: "We couldn't load the add-ons.",
    failed: 'The payment provider could not be reached. Please try again.',
  },
} as const;

/** The three workspace steps a new user walks through. */
export const ONBOARD_STEP_COUNT = 3;
