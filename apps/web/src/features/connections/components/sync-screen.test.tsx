import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueFor } from '@tidemark/contract';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { CONNECTIONS_COPY } from '../messages';

function serve(extractions: Parameters<typeof mockFetch>[0][string]) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/extractions': extractions,
  });
}

describe('the sync screen', () => {
  it('says an unknown or deleted data source was not found instead of waiting for it', async () => {
    const api = serve({
      status: 404,
      body: { success: false, message: catalogueFor(404, 'data source').message },
    });
    renderRoute('/onboarding/connection/sync?id=gone2345&ongoing_extraction=true');
    expect(await screen.findByText(CONNECTIONS_COPY.syncNotFound)).toBeTruthy();
    expect(screen.getByText(catalogueFor(404, 'data source').message)).toBeTruthy();
    expect(screen.queryByLabelText('Syncing')).toBeNull();
    expect(api.callsTo('/v1/extractions')).toHaveLength(1);
  });

  it("shows a failed upload's reason", async () => {
    serve({
      body: {
        data: [
          {
            extraction_job_id: '7',
            datasource_id: 'abc123def',
            status: 'FAILED',
            message: 'The file has a header but no rows.',
            rows_imported: 0,
            rows_rejected: 0,
            errors: [],
            created_at: '2026-11-20T10:00:00.000Z',
            finished_at: '2026-11-20T10:00:01.000Z',
          },
        ],
      },
    });
    renderRoute('/onboarding/connection/sync?id=abc123def&ongoing_extraction=true');
    expect(await screen.findByText(CONNECTIONS_COPY.syncFailed)).toBeTruthy();
    expect(screen.getByText('The file has a header but no rows.')).toBeTruthy();
  });
});
