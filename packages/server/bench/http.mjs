// pnpm bench for @latch/server: requests per second and p99 of the routes the modal calls most,
// with autocannon, on embedded PGlite and on a throwaway PostgreSQL (Debian's, via initdb).
// The server runs in its own process (as in production), so autocannon does not share its core.
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { startDevnet } from '@latch/devnet'
import { startPostgresCluster } from '../dist/testing/postgres-cluster.js'

const BIN = fileURLToPath(new URL('../bin/latch-server.mjs', import.meta.url))
const DURATION_S = Number(process.env.LATCH_BENCH_SECONDS) || 5
// autocannon's own default: ten clients keeping a request in flight each.
const CONNECTIONS = 10
// The goal, on PostgreSQL: /getWallets at 2,000 req/s or more, with p99 under 20 ms.
const GOAL = { rps: 2000, p99: 20 }

function startServerProcess(configPath, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--config', configPath, '--port', '0'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      const match = /latch-server: (http:\/\/\S+)/.exec(out)
      if (match) resolve({ url: match[1], stop: () => stop(child) })
    })
    child.once('exit', (code) => reject(new Error(`latch-server exited (${code}): ${out}`)))
  })
}

function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })
}

async function measure(name, options) {
  // A short warm-up first: the JIT, the pool and PGlite's caches.
  await autocannon({ ...options, connections: CONNECTIONS, duration: 1 })
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S })
  const bad = result.non2xx + result.errors + result.timeouts
  return { name, rps: result.requests.average, p99: result.latency.p99, bad }
}

async function run(label, url, projectId, chainId) {
  const q = `projectId=${projectId}&st=latch&sv=0.0.0`
  const rows = [
    await measure('/getWallets?page=1', { url: `${url}/getWallets?${q}&page=1&entries=40` }),
    await measure('/getWallets search "wallet"', {
      url: `${url}/getWallets?${q}&page=1&entries=100&search=wallet`,
    }),
    await measure('/appkit/v1/config', { url: `${url}/appkit/v1/config?${q}` }),
    await measure('eth_blockNumber via /v1/', {
      url: `${url}/v1/?chainId=${chainId}&projectId=${projectId}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    }),
  ]
  console.log(`\n@latch/server on ${label} (${CONNECTIONS} connections, ${DURATION_S} s each)`)
  for (const row of rows) {
    const goal =
      label === 'PostgreSQL' && row.name === '/getWallets?page=1'
        ? `  goal ≥ ${GOAL.rps} req/s, p99 < ${GOAL.p99} ms: ${row.rps >= GOAL.rps && row.p99 < GOAL.p99 ? 'met' : 'NOT met'}`
        : ''
    const errors = row.bad > 0 ? `  (${row.bad} non-2xx/errors)` : ''
    console.log(
      `  ${row.name.padEnd(30)} ${row.rps.toFixed(0).padStart(6)} req/s  p99 ${String(row.p99).padStart(4)} ms${goal}${errors}`,
    )
  }
}

const dir = await mkdtemp(join(tmpdir(), 'latch-server-bench-'))
const devnet = await startDevnet()
const cluster = await startPostgresCluster()
try {
  const projectId = 'bench'
  const chain = devnet.chains[0]
  const configPath = join(dir, 'latch.config.json')
  await writeFile(
    configPath,
    JSON.stringify({
      projects: [
        {
          id: projectId,
          allowedOrigins: ['http://127.0.0.1:*'],
          // The bench measures the proxy, not the limit.
          rpcRateLimit: { requests: 100_000_000, windowSeconds: 60 },
        },
      ],
      chains: [{ caipNetworkId: `eip155:${chain.chainId}`, rpcUrls: [chain.rpcUrl] }],
    }),
  )
  for (const [label, env] of [
    ['PGlite', { LATCH_DATA_DIR: join(dir, 'pglite') }],
    ['PostgreSQL', { DATABASE_URL: cluster.url }],
  ]) {
    const server = await startServerProcess(configPath, env)
    try {
      await run(label, server.url, projectId, `eip155:${chain.chainId}`)
    } finally {
      await server.stop()
    }
  }
} finally {
  await cluster.stop()
  await devnet.stop()
  await rm(dir, { recursive: true, force: true })
}
