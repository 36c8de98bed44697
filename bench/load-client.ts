// A bounded HTTP load from a process of its own (so the API's timings are not skewed by
// the load generator sharing its event loop). Loopback only; stops by itself, or early on
// SIGTERM (a load kept up while something else runs, then reported).
//   node bench/load-client.ts '{"urls":[...],"concurrency":8,"durationMs":10000,"maxRequests":50000}'
// Prints one JSON line: { requests, errors, latenciesMs: number[] }.

export {};

interface LoadPlan {
  urls: string[];
  concurrency: number;
  durationMs: number;
  maxRequests: number;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
for (const url of plan.urls) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
    throw new Error(`load-client only sends to loopback, not ${host}`);
  }
}

const latencies: number[] = [];
let errors = 0;
let sent = 0;
const deadline = Date.now() + Math.min(plan.durationMs, 120_000);
let stopped = false;
process.on('SIGTERM', () => (stopped = true));

async function worker(offset: number) {
  let i = offset;
  while (!stopped && Date.now() < deadline && sent < plan.maxRequests) {
    sent += 1;
    const url = plan.urls[i % plan.urls.length] ?? '';
    i += plan.concurrency;
    const started = performance.now();
    try {
      const reply = await fetch(url);
      await reply.arrayBuffer();
      if (!reply.ok) errors += 1;
    } catch {
      errors += 1;
    }
    latencies.push(performance.now() - started);
  }
}

await Promise.all(Array.from({ length: plan.concurrency }, (_, n) => worker(n)));
console.log(JSON.stringify({ requests: latencies.length, errors, latenciesMs: latencies }));
