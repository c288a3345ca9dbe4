import { describe, expect, it } from 'vitest';
import { OAUTH_CLIENT_ID } from '#shared/constants.ts';
import { members, messages, notificationOutbox } from '../db/schema.ts';
import { deliverNotifications } from '../modules/messages/notification-delivery.ts';
import { setupTestApp } from '../test/helper.ts';
import { productId } from '../test/buying.ts';
import { eq } from 'drizzle-orm';

/** The metrics an operator scrapes: Prometheus' text format, on METRICS_PORT and never on the public port. */
const ctx = await setupTestApp({ RATE_LIMIT_QUOTE_PER_MIN: '1' });
const metricsPort = await ctx.app.metrics.listen(0, '127.0.0.1');

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one series, labels as written in the text (sorted by name), or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const token = (fields: Record<string, string>) =>
  fetch(`${ctx.url}/prod-api/auth/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${OAUTH_CLIENT_ID}:${ctx.config.oauthClientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields).toString(),
  });

describe('metrics', () => {
  it('are served on their own port only', async () => {
    expect((await fetch(`${ctx.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${ctx.url}/prod-api/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });

  it('time requests by route pattern, method and status class, never by the raw address', async () => {
    const id = await productId(ctx, 'ACC-ZH');
    for (let i = 0; i < 3; i++) await fetch(`${ctx.url}/prod-api/app-api/v1/product/${id}`);
    await fetch(`${ctx.url}/prod-api/app-api/v1/product/999999`);
    await fetch(`${ctx.url}/no/such/${Math.random()}`);
    const text = await scrape();
    const route = '/prod-api/app-api/v1/product/:id';
    expect(value(text, `http_request_duration_seconds_count{method="GET",route="${route}",status_class="2xx"}`)).toBe(
      3,
    );
    expect(value(text, `http_request_duration_seconds_count{method="GET",route="${route}",status_class="4xx"}`)).toBe(
      1,
    );
    expect(
      value(text, `http_request_duration_seconds_bucket{le="+Inf",method="GET",route="${route}",status_class="2xx"}`),
    ).toBe(3);
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain(`/product/${id}"`);
    expect(text).not.toContain('/no/such/');
  });

  it('count sign-ins by grant and outcome, and rate-limit refusals by route', async () => {
    expect(
      (await token({ grant_type: 'member_password', username: 'demo.member', password: 'Demo@123456' })).status,
    ).toBe(200);
    expect(
      (await token({ grant_type: 'member_password', username: 'demo.member', password: 'Wrong@123456' })).status,
    ).toBe(400);
    const id = await productId(ctx, 'ACC-ZH');
    const quote = () =>
      fetch(`${ctx.url}/prod-api/app-api/v1/product/${id}/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    await quote();
    expect((await quote()).status).toBe(429);
    const text = await scrape();
    expect(value(text, 'insure_h5_signins_total{grant="member_password",outcome="success"}')).toBe(1);
    expect(value(text, 'insure_h5_signins_total{grant="member_password",outcome="refused"}')).toBe(1);
    expect(value(text, 'insure_h5_rate_limited_total{route="/prod-api/app-api/v1/product/:id/quote"}')).toBe(1);
  });

  it('count payment notifications refused', async () => {
    const res = await fetch(`${ctx.url}/prod-api/app-api/v1/pay/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'forged', resource: {} }),
    });
    expect(res.status).toBe(400);
    expect(value(await scrape(), 'insure_h5_payment_notifications_total{outcome="refused"}')).toBe(1);
  });

  it('show the notification outbox backlog and what became of its notifications', async () => {
    const [member] = await ctx.database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.username, 'demo.member'));
    const [message] = await ctx.database.db
      .insert(messages)
      .values({ memberId: member.id, type: 'order', title: '支付成功', body: '—' })
      .returning({ id: messages.id });
    await ctx.database.db
      .insert(notificationOutbox)
      .values({ memberId: member.id, messageId: message.id, kind: 'payment' });
    const before = await scrape();
    expect(value(before, 'insure_h5_notification_outbox_backlog')).toBe(1);
    expect(value(before, 'insure_h5_notification_outbox_scrape_ok')).toBe(1);
    // The member never signed in through the official account: nobody to send it to.
    await deliverNotifications(ctx.app);
    const after = await scrape();
    expect(value(after, 'insure_h5_notification_outbox_backlog')).toBe(0);
    const outcomes = ['sent', 'retried', 'failed', 'cancelled'].map(
      (outcome) => value(after, `insure_h5_notifications_total{outcome="${outcome}"}`) ?? 0,
    );
    expect(outcomes.reduce((a, b) => a + b)).toBe(1);
  });

  it('show the change feed, the database pool, readiness and the event loop', async () => {
    const text = await scrape();
    expect(value(text, 'insure_h5_change_feed_connected')).toBe(1);
    expect(value(text, 'insure_h5_change_feed_last_event_age_seconds')).toBeLessThan(60);
    for (const check of ['database', 'migrations', 'changeFeed'])
      expect(value(text, `insure_h5_ready{check="${check}"}`), check).toBe(1);
    expect(value(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    if (ctx.database.kind === 'postgres') {
      expect(value(text, 'insure_h5_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'insure_h5_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toContain('insure_h5_db_pool_connections{');
    }
  });
});
