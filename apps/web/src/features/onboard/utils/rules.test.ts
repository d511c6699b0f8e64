// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canSubmitPersona, toPersonaBody, withRole, type PersonaDraft } from './persona';
import { acceptsName, canContinue, isFlaggedUrl } from './workspace-form';

describe('workspace onboarding rules', () => {
  it.each([
    ['', true],
    ['x'.repeat(40), true],
    ['x'.repeat(41), false],
  ])('accepts a typed name of %j: %s', (name, ok) => expect(acceptsName(name)).toBe(ok));

  it.each([
    ['', false],
    ['https://shop.test', false],
    ['http://shop.test/path?q=1', false],
    ['shop.test', true],
    ['www.shop.test', true],
    ['ftp://shop.test', true],
    ['javascript:alert(1)', true],
    ['https://', true],
  ])('flags the store URL %j: %s', (url, flagged) => expect(isFlaggedUrl(url)).toBe(flagged));

  it.each([
    [{ name: 'Acme', url: 'https://a.test', saving: false }, true],
    [{ name: ' ', url: 'https://a.test', saving: false }, false],
    [{ name: 'Acme', url: '', saving: false }, false],
    [{ name: 'Acme', url: 'https://a.test', saving: true }, false],
  ])('enables Continue for %j: %s', (input, ok) => expect(canContinue(input)).toBe(ok));

  const draft = (d: Partial<PersonaDraft>): PersonaDraft => ({
    role: null,
    objectives: [],
    otherText: '',
    ...d,
  });
  it.each([
    [draft({}), false],
    [draft({ role: 'Founder' }), false],
    [draft({ role: 'Founder', objectives: ['Core revenue metrics'] }), true],
    [draft({ role: 'Marketer', objectives: ['Core revenue metrics'] }), false],
    [draft({ role: 'Other', otherText: '  ' }), false],
    [draft({ role: 'Other', otherText: 'wholesale' }), true],
  ])('allows persona Continue for %j: %s', (d, ok) => expect(canSubmitPersona(d)).toBe(ok));

  it("sends Other as 'Other: {text}' without objectives", () => {
    expect(toPersonaBody(draft({ role: 'Other', otherText: ' wholesale ', objectives: ['x'] }))).toEqual({
      role: 'Other: wholesale',
      objectives: [],
    });
  });

  it('clears objectives and text when the role changes, and keeps them when it does not', () => {
    const founder = draft({ role: 'Founder', objectives: ['High severity events'] });
    expect(withRole(founder, 'Founder')).toBe(founder);
    expect(withRole(founder, 'Marketer')).toEqual(draft({ role: 'Marketer' }));
  });
});
