// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loginRedirectTarget } from './redirect-target';

describe('loginRedirectTarget', () => {
  it.each([
    {
      name: 'returns the remembered location first',
      from: '/feed?x=1',
      redirect: 'docs',
      location: '/docs/api',
      want: '/feed?x=1',
    },
    {
      name: 'falls back to the docs location',
      from: null,
      redirect: 'docs',
      location: '/docs/api#auth',
      want: '/docs/api#auth',
    },
    {
      name: 'uses the docs page when the docs location is not a docs path',
      from: null,
      redirect: 'docs',
      location: '/feed',
      want: '/docs/api',
    },
    {
      name: 'uses the docs page when no location is given',
      from: null,
      redirect: 'docs',
      location: null,
      want: '/docs/api',
    },
    {
      name: 'ignores another site as remembered location',
      from: '//evil.example/x',
      redirect: null,
      location: null,
      want: '/',
    },
    {
      name: 'ignores the login page as remembered location',
      from: '/login?error=x',
      redirect: null,
      location: null,
      want: '/',
    },
    { name: 'defaults to the home page', from: undefined, redirect: null, location: null, want: '/' },
  ])('$name', ({ from, redirect, location, want }) => {
    expect(loginRedirectTarget({ from, redirect, location })).toBe(want);
  });
});
