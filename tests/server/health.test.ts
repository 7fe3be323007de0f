import { describe, expect, it } from 'vitest';
import { API } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';

describe('GET /health', () => {
  const t = appForSuite();

  it('answers ok without authentication', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/health` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
