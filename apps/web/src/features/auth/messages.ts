import { AUTH_MESSAGES } from '@tidemark/contract';

/** Every string of the sign-in area. Spec strings come from the contract's AUTH_MESSAGES. */
export const AUTH_COPY = {
  documentTitleLogin: 'Log in',
  documentTitleSignup: 'Sign up',
  headingDemo: 'Sign up and Test Drive Just in 5 minutes!',
  headingDefault: 'Go Live in 15 mins, 3 steps to get started!',
  subtitleLogin: 'Sign in to Tidemark to see what changed in your business today.',
  subtitleSignup: 'Create your Tidemark account. No credit card needed.',
  subtitleDemo: 'Explore a sample store with real-looking KPIs, outages and insights.',
  steps: [
    'Connect your store or data source',
    'Pick the KPIs that matter',
    'Get alerted when something changes',
  ],
  google: 'Continue with Google',
  microsoft: 'Continue with Microsoft',
  divider: 'or use your work email',
  emailLabel: 'Work email',
  emailPlaceholder: 'you@company.com',
  emailHint: "We'll e-mail you a sign-in link. No password needed.",
  /** Sharing a mail domain grants nothing by itself (issue 25): say so before anyone signs up. */
  joiningRule:
    "You join your company's workspace if it lets everyone at your e-mail domain join, or if one of its owners invited your address. Otherwise you get a workspace of your own. Personal addresses (Gmail, Hotmail, Orange and other providers) need an invitation.",
  send: 'Send magic link',
  invalidEmail: AUTH_MESSAGES.invalidEmail,
  sent: AUTH_MESSAGES.magicLinkSent,
  requestFailed: AUTH_MESSAGES.requestFailed,
  tooManyRequests: AUTH_MESSAGES.tooManyRequests,
  termsBefore: 'By continuing you agree to the Tidemark ',
  terms: 'Terms of Service',
  termsBetween: ' and acknowledge the ',
  privacy: 'Privacy Policy',
  termsAfter: '.',
  toSignup: { prompt: 'New to Tidemark?', link: 'Create an account' },
  toLogin: { prompt: 'Already have an account?', link: 'Log in' },
  testimonialsLabel: 'What our customers say',
  logosHeading: 'Trusted by teams at growing brands',
  pause: 'Pause testimonials',
  play: 'Play testimonials',
  showTestimonial: (n: number, total: number) => `Show testimonial ${n} of ${total}`,
  loggedInAs: {
    title: 'You are signed in',
    label: 'Logged in as',
    notLoggedIn: AUTH_MESSAGES.notLoggedIn,
    noWorkspace: "Your account isn't linked to a workspace yet, so there is nothing to show here.",
    contact: (email: string) =>
      `Need access? Ask your workspace admin to invite you, or write to us at ${email}.`,
    logout: 'Logout',
    login: 'Go to login',
  },
} as const;
