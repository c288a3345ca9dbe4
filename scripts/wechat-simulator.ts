/**
 * The WeChat simulator alone, as its own process: WeChat for a product started with
 * WECHAT_API_BASE=http://HOST:PORT/wx-sim (scripts/bench-api.ts runs the grant against it this way).
 * Reads the product's configuration (the apps' ids and secrets), with the simulator switched on.
 *
 *   PORT=18485 node --import tsx scripts/wechat-simulator.ts
 */
import { loadConfig } from '#server/config.ts';
import { buildWechatSimulator } from '#server/simulators/wechat-alone.ts';

const config = loadConfig({ ...process.env, WECHAT_SIMULATOR: 'true' });
const app = await buildWechatSimulator(config);
await app.listen({ port: config.PORT, host: config.HOST });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
