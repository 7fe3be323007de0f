import { describe, expect, it } from 'vitest';
import { IssuedSecrets, scanLogLines } from '../helpers/log-secrets';

/** The check run over the whole server suite's logs (tests/helpers/server-log-check.ts). */
describe('the log scan for secrets', () => {
  const jwt =
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjMiLCJyb2xlIjoib3JnX293bmVyIiwiZXhwIjoxfQ.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';
  const uploadToken = 'eyJ2IjoxLCJzIjoiYWJjIiwicCI6InNwYWNlcy94In0.bWFjLW1hYy1tYWMtbWFjLW1hYy1tYWMtbWFjLW1hYy1tYWM';
  const refreshToken = 'k2Z9vYH0s3e6Qm1fWcXl8TqUo4pRb7AaNjKdEgViLzM';
  const line = (text: string) => JSON.stringify({ level: 30, msg: text });

  const scan = (lines: string[], issued = new IssuedSecrets()) => scanLogLines(lines, issued, 'test.log').map((finding) => finding.kind);

  it.each([
    ['a password hash', line('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g'), 'argon2 password hash'],
    ['an access token', line(`Bearer ${jwt}`), 'JWT or signed upload token'],
    ['an upload token', line(`/api/v1/kb/uploads/target?t=${uploadToken}`), 'JWT or signed upload token'],
    ['an OAuth code in a URL', line('/api/v1/integrations/ga4/oauth/callback?code=4%2Fabc&state=x'), 'unredacted secret query parameter'],
    ['a presigned URL signature', line('https://s3/bucket/k?X-Amz-Signature=0123abcd'), 'unredacted secret query parameter'],
    ['a share link token in a page path', line('GET /share/k2Z9vYH0s3e6Qm1fWcXl8TqUo4pRb7AaNjKdEgViLzM'), 'unredacted share link token'],
    ['a share link token in an API path', line('/api/v1/public/shares/k2Z9vYH0s3e6Qm1fWcXl8TqUo4pRb7AaNjKdEgViLzM'), 'unredacted share link token'],
  ])('finds %s', (_label, planted, kind) => {
    expect(scan([line('incoming request'), planted])).toEqual([kind]);
  });

  it('finds a secret the server issued, even glued to other characters', () => {
    const issued = new IssuedSecrets();
    issued.add(refreshToken, 'refresh_token');
    issued.add('4/0f3b6c1e-2a4d-4e8f-9b7a-1c2d3e4f5a6b', 'code');
    expect(scan([line(`token ${refreshToken} reused`)], issued)).toEqual(['issued secret (refresh_token)']);
    expect(scan([line('callback 4%2F0f3b6c1e-2a4d-4e8f-9b7a-1c2d3e4f5a6b')], issued)).toEqual(['issued secret (code)']);
  });

  it('passes redacted URLs, ids and hashes', () => {
    const issued = new IssuedSecrets();
    issued.add(refreshToken, 'refresh_token');
    const clean = [
      line('/api/v1/kb/uploads/target?token=[redacted]&part=2'),
      line('GET /share/[redacted] 404'),
      line('/cb?code=[redacted]&state=[redacted]&X-Amz-Signature=[redacted]'),
      line('request b576793f-3dd0-4da1-aa6a-82eca70efbd4 sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'),
      line('{"refresh_token":"[redacted]","password":"[redacted]"}'),
    ];
    expect(scan(clean, issued)).toEqual([]);
  });
});
