/**
 * How long a session ended on one instance is still honoured by another: against a running
 * `scripts/cluster` (instances on CLUSTER_PORT+1 and +2), signs a demo account in on the first, reads
 * members/me on the second, logs out on the first and polls the second every 2 ms until it refuses.
 *
 *   node --import tsx scripts/cluster-latency.ts [rounds=20]
 *
 * The goal (docs/benchmarks.md#goals) is under 1 s; the fallback bound is SESSION_CACHE_S.
 */
export {};

const base = Number(process.env.CLUSTER_PORT ?? 8090);
const [first, second] = [`http://127.0.0.1:${base + 1}`, `http://127.0.0.1:${base + 2}`];
const rounds = Number(process.argv[2] ?? 20);
const V1 = '/prod-api/app-api/v1';
// Taken in turn: sign-ins are limited to 10 a minute per account.
const ACCOUNTS = ['demo.member', 'demo.company', 'demo.partner', 'demo.channel'];

async function signIn(round: number): Promise<{ access: string; refresh: string }> {
  const res = await fetch(`${first}/prod-api/auth/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('insure-h5:insure-h5-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      // The instances trust the proxy's header (TRUST_PROXY): each round is a client of its own.
      'x-forwarded-for': `198.51.100.${round + 1}`,
    },
    body: new URLSearchParams({
      grant_type: 'member_password',
      username: ACCOUNTS[round % ACCOUNTS.length],
      password: 'Demo@123456',
    }).toString(),
  });
  const body = (await res.json()) as { code: string; data: { access_token: string; refresh_token: string } };
  if (body.code !== '00000') throw new Error(`sign-in: ${body.code}`);
  return { access: body.data.access_token, refresh: body.data.refresh_token };
}

const me = async (url: string, access: string) =>
  (await fetch(`${url}${V1}/members/me`, { headers: { authorization: `Bearer ${access}` } })).status;

const delays: number[] = [];
for (let round = 0; round < rounds; round++) {
  const { access, refresh } = await signIn(round);
  if ((await me(second, access)) !== 200) throw new Error('the second instance did not accept a live session');
  const out = await fetch(`${first}${V1}/users/logout`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refresh }),
  });
  const ended = performance.now();
  if (out.status !== 200) throw new Error(`logout: ${out.status}`);
  while ((await me(second, access)) !== 401) {
    if (performance.now() - ended > 30_000) throw new Error('still honoured after 30 s');
    await new Promise((r) => setTimeout(r, 2));
  }
  delays.push(performance.now() - ended);
}
delays.sort((x, y) => x - y);
const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))].toFixed(1);
console.log(
  `session ended on ${first}, refused on ${second}: ${rounds} rounds, after logout answered: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`,
);
