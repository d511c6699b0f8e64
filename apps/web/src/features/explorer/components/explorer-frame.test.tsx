import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render';
import { ExplorerFrame } from './explorer-frame';

const scope = { tenantId: 11, isDemo: false };

describe('the /explorer frame', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says 'No Data Cubes configured' when the URL lookup answers 404", async () => {
    mockFetch({
      'GET /v1/data-explorers/generate-url': {
        status: 404,
        body: { success: false, message: 'No Data Cubes configured' },
      },
    });
    renderWithRouter(<ExplorerFrame scope={scope} filter={null} viewId={null} />, '/explorer');
    expect(await screen.findByRole('heading', { name: 'No Data Cubes configured' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '+ Add Data Source' }).getAttribute('href')).toBe(
      '/onboarding/select-datasources',
    );
  });

  it("frames this origin's explorer page with the signed token, the saved view and the applied filter asked for", async () => {
    const { callsTo } = mockFetch({
      'GET /v1/data-explorers/generate-url': {
        body: { data_explorer_url: 'https://elsewhere.example/embed/explorer#token=abc.def' },
      },
    });
    renderWithRouter(
      <ExplorerFrame scope={scope} filter={{ dim_name: 'channel', dim_val: 'Email' }} viewId="7" />,
      '/explorer',
    );
    const frame = await screen.findByTitle('Data explorer');
    expect(frame.getAttribute('src')).toBe('/embed/explorer?view=7#token=abc.def');
    const asked = callsTo('/v1/data-explorers/generate-url')[0]!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ tenant_id: '11', dim_name: 'channel', dim_val: 'Email' });
  });

  it('offers a retry when the lookup fails otherwise', async () => {
    mockFetch({
      'GET /v1/data-explorers/generate-url': { status: 500, body: { success: false, message: 'boom' } },
    });
    renderWithRouter(<ExplorerFrame scope={scope} filter={null} viewId={null} />, '/explorer');
    expect(await screen.findByText('The explorer could not be opened.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
