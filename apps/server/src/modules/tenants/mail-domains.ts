import providers from 'email-providers';

/** Providers the package does not list yet. */
const MISSING_FROM_PACKAGE = ['tutanota.com', 'fastmail.com'];
const PUBLIC_PROVIDERS = new Set([...providers, ...MISSING_FROM_PACKAGE]);

/** Universities and schools hand addresses to students and staff who do not share a business. */
const ACADEMIC = /(?:^|\.)(?:edu|ac\.[a-z]{2}|edu\.[a-z]{2})$/;

/**
 * What a mail domain says about the people who share it:
 * - public: a mailbox provider or ISP (thousands, from the maintained `email-providers` list), so
 *   sharing it says nothing; sign-up needs a work address, and joining by it is never possible;
 * - shared: an academic domain: a work address, but of strangers, so joining by it is never possible;
 * - company: one organisation; its first workspace lets colleagues join unless an owner turns that off.
 */
export type MailDomainKind = 'public' | 'shared' | 'company';

export function mailDomainKind(domain: string): MailDomainKind {
  const d = domain.trim().toLowerCase().replace(/\.$/, '');
  const labels = d.split('.');
  // A subdomain of a provider (e.g. a regional host) belongs to the provider.
  for (let i = 0; i < labels.length - 1; i++) {
    if (PUBLIC_PROVIDERS.has(labels.slice(i).join('.'))) return 'public';
  }
  return ACADEMIC.test(d) ? 'shared' : 'company';
}
