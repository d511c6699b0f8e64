export { authRoutes } from './auth.routes';
export { resolveSession, signInByEmail, startSession } from './auth.service';
export { setCsrfCookie } from './cookies';
export { csrfTokenFor, hashToken, newToken, safeEqual } from './tokens';
