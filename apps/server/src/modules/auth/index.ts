export { authRoutes } from './auth.routes';
export { resolveSession, signInByEmail, startSession } from './auth.service';
export { setCsrfCookie } from './cookies';
export { DEMO_OWNER_EMAIL, OPERATOR_EMAIL, seedIfEmpty, type SeedResult } from './seed';
export { csrfTokenFor, hashToken, newToken, safeEqual } from './tokens';
