import { z } from 'zod';

/**
 * The one e-mail validator of server and web (zod's, which is maintained): stricter than spec 1 §5's
 * "simple pattern", so markup such as `<script>@x.com` never becomes an address.
 * A module of its own (re-exported by auth.ts) so the web's pages that only need auth's constants and
 * redirect rule do not load zod for it.
 */
export const EmailSchema = z.email();
export const isValidEmail = (value: string): boolean => EmailSchema.safeParse(value).success;
