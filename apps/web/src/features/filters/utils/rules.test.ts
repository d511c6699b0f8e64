// @vitest-environment node
import type { GlobalFilter } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { appliedFilterOf, withAppliedFilter } from '@/session';
import { deleteBlock, filterOnLoad, matchingFilter } from './rules';

const make = (over: Partial<GlobalFilter>): GlobalFilter => ({
  id: 1,
  display_name: 'US',
  dimension_id: 4,
  dimension_name: 'country',
  dimension_value: 'US',
  is_default: false,
  tenant_id: 11,
  ...over,
});
const us = make({});
const de = make({ id: 2, dimension_value: 'DE', is_default: true });

describe('global filter rules', () => {
  it.each([
    { name: 'the URL wins over the default', url: { dim_name: 'country', dim_val: 'US' }, want: 'US' },
    { name: 'the default when the URL names none', url: null, want: 'DE' },
  ])('on load: $name', ({ url, want }) => {
    expect(filterOnLoad(url, [us, de])?.dim_val).toBe(want);
  });

  it('applies nothing on load without a URL filter or a default', () => {
    expect(filterOnLoad(null, [us])).toBeNull();
  });

  it('keeps a URL filter nobody saved: a shared link applies as sent', () => {
    expect(filterOnLoad({ dim_name: 'channel', dim_val: 'Email' }, [us, de])).toEqual({
      dim_name: 'channel',
      dim_val: 'Email',
    });
    expect(matchingFilter([us, de], { dim_name: 'channel', dim_val: 'Email' })).toBeUndefined();
  });

  it.each([
    { name: 'the applied one', filter: us, applied: { dim_name: 'country', dim_val: 'US' }, want: 'applied' },
    { name: 'the default', filter: de, applied: null, want: 'default' },
    {
      name: 'the default while applied',
      filter: de,
      applied: { dim_name: 'country', dim_val: 'DE' },
      want: 'applied',
    },
    { name: 'any other', filter: us, applied: { dim_name: 'country', dim_val: 'DE' }, want: null },
  ])('delete is blocked for $name → $want', ({ filter, applied, want }) => {
    expect(deleteBlock(filter, applied)).toBe(want);
  });

  it('reads and writes dim_name and dim_val, leaving the rest of the query alone', () => {
    const q = new URLSearchParams('tenant_id=3&dim_name=country&dim_val=A%26B');
    expect(appliedFilterOf(q)).toEqual({ dim_name: 'country', dim_val: 'A&B' });
    expect(appliedFilterOf(new URLSearchParams('dim_name=country'))).toBeNull();
    expect(withAppliedFilter(q, null).toString()).toBe('tenant_id=3');
    expect(
      withAppliedFilter(new URLSearchParams('x=1'), { dim_name: 'a b', dim_val: 'c/d' }).toString(),
    ).toBe('x=1&dim_name=a+b&dim_val=c%2Fd');
  });
});
