import { ALL_CUSTOMERS_LABEL } from '@tidemark/contract';

export const TENANTS_COPY = {
  documentTitle: 'Choose a customer',
  greeting: (name: string) => `Hello ${name}`,
  greetingFallback: 'Teammate',
  question: 'Which customer feed would you like to check?',
  customerLabel: 'Customer',
  allCustomers: ALL_CUSTOMERS_LABEL,
  submit: "Let's go",
  currentlyViewing: (name: string) => `Currently viewing ${name}.`,
  noCustomers: 'There are no customer workspaces yet.',
} as const;
