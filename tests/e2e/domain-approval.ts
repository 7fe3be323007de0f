/**
 * For browser tests whose people join an organisation by its email domain: the owner claims the
 * domain and asks for a review, and a system admin approves it, through the public API (the
 * e2e servers have no DNS server to prove it with; tests/e2e/sso.e2e.ts proves one by DNS).
 */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
// Only with a body: the server refuses an empty body sent as JSON.
const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });

async function expectOk(answer: Response, what: string): Promise<Response> {
  if (!answer.ok) throw new Error(`${what} failed: ${answer.status} ${await answer.text()}`);
  return answer;
}

export async function verifyDomainThroughAdmin(baseUrl: string, domain: string, ownerToken: string, adminToken: string): Promise<void> {
  const api = `${baseUrl}/api/v1`;
  await expectOk(await fetch(`${api}/settings/domain-claims`, { method: 'POST', headers: json(ownerToken), body: JSON.stringify({ domain }) }), 'claiming the domain');
  await expectOk(await fetch(`${api}/settings/domain-claims/${domain}/review`, { method: 'POST', headers: bearer(ownerToken) }), 'asking for a review');
  const listed = await expectOk(await fetch(`${api}/admin/domain-claims`, { headers: bearer(adminToken) }), 'listing claims');
  const { claims } = (await listed.json()) as { claims: { id: string; domain: string }[] };
  const claim = claims.find((candidate) => candidate.domain === domain);
  if (!claim) throw new Error(`the claim to ${domain} is not awaiting review`);
  const body = JSON.stringify({ reason: 'Browser test: the owner controls the domain' });
  await expectOk(await fetch(`${api}/admin/domain-claims/${claim.id}/approve`, { method: 'POST', headers: json(adminToken), body }), 'approving the claim');
}
