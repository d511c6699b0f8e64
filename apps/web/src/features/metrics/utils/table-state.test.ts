// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseTableState, toggleSort, withFilter, writeTableState } from './table-state';

const parse = (qs: string) => parseTableState(new URLSearchParams(qs));

describe('metrics table state in the URL', () => {
  it('defaults to page 1 of 10 active metrics, unsorted and unfiltered', () => {
    expect(parse('')).toEqual({
      page: 1,
      count: 10,
      sortBy: undefined,
      order: undefined,
      isActive: true,
      filters: {},
    });
  });

  it('reads page, size, sort, the inactive switch and column filters', () => {
    expect(
      parse(
        'page=3&count=25&sort_by=tier&order=desc&is_active=false&tier=2&accent=negative&category_name=Sales',
      ),
    ).toEqual({
      page: 3,
      count: 25,
      sortBy: 'tier',
      order: 'desc',
      isActive: false,
      filters: { tier: '2', accent: 'negative', category_name: 'Sales' },
    });
  });

  it.each([
    'count=20',
    'count=abc',
    'page=0',
    'page=-2',
    'sort_by=status',
    'order=up',
    'tier=4',
    'accent=up',
  ])('falls back to the default for %s', (qs) => {
    const state = parse(qs);
    expect(state.count).toBe(10);
    expect(state.page).toBe(1);
    expect(state.sortBy).toBeUndefined();
    expect(state.order).toBeUndefined();
    expect(state.filters).toEqual({});
  });

  it('writes only what differs from the default and keeps other parameters', () => {
    const base = new URLSearchParams('tenant_id=11&dim_name=country&dim_val=US&page=4');
    const next = writeTableState(base, {
      ...parse(''),
      count: 50,
      sortBy: 'impact_to_topline',
      order: 'desc',
    });
    expect(next.toString()).toBe(
      'tenant_id=11&dim_name=country&dim_val=US&count=50&sort_by=impact_to_topline&order=desc',
    );
    expect(parseTableState(next)).toMatchObject({ page: 1, count: 50, sortBy: 'impact_to_topline' });
  });

  it('sorts a new column ascending, flips the same column, and goes back to page 1', () => {
    const onPage2 = { ...parse(''), page: 2 };
    const asc = toggleSort(onPage2, 'kpi_display_name');
    expect(asc).toMatchObject({ page: 1, sortBy: 'kpi_display_name', order: 'asc' });
    expect(toggleSort(asc, 'kpi_display_name')).toMatchObject({ order: 'desc' });
    expect(toggleSort(toggleSort(asc, 'kpi_display_name'), 'kpi_display_name')).toMatchObject({
      order: 'asc',
    });
    expect(toggleSort(asc, 'tier')).toMatchObject({ sortBy: 'tier', order: 'asc' });
  });

  it('sets and clears a filter, back to page 1', () => {
    const state = withFilter({ ...parse(''), page: 3 }, 'funnel_name', 'Checkout');
    expect(state).toMatchObject({ page: 1, filters: { funnel_name: 'Checkout' } });
    expect(withFilter(state, 'funnel_name', null).filters).toEqual({});
    expect(writeTableState(new URLSearchParams(), state).toString()).toBe('funnel_name=Checkout');
  });
});
