// `pnpm bench` for @latch/relay: pair → approve → personal_sign between two
// @walletconnect/sign-client 2.25 instances (dapp and wallet) in Node, through the local relay.
// Each run uses fresh clients (their init is not timed) and prints the median, p90, min and max
// of each phase. A figure, not a test: nothing here fails on speed. Offline: 127.0.0.1 only.
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { SignClient } from '@walletconnect/sign-client'
import { startRelay } from '../dist/index.js'

const RUNS = Number(process.env.LATCH_BENCH_RUNS ?? 20)
const CHAIN = 'eip155:31337'
const ADDRESS = '0x1111111111111111111111111111111111111111'
const NAMESPACE = { methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] }
process.env.DISABLE_GLOBAL_CORE = 'true'

/** In-memory IKeyValueStorage so nothing is written to disk. */
class MemoryStorage {
  #entries = new Map()
  async getKeys() {
    return [...this.#entries.keys()]
  }
  async getEntries() {
    return [...this.#entries.entries()].map(([k, v]) => [k, structuredClone(v)])
  }
  async getItem(key) {
    const value = this.#entries.get(key)
    return value === undefined ? undefined : structuredClone(value)
  }
  async setItem(key, value) {
    this.#entries.set(key, structuredClone(value))
  }
  async removeItem(key) {
    this.#entries.delete(key)
  }
}

async function createClient(role, relay) {
  const client = await SignClient.init({
    projectId: 'bench',
    relayUrl: relay.url,
    logger: 'silent',
    telemetryEnabled: false,
    customStoragePrefix: `latch-relay-bench-${role}-${randomUUID()}`,
    storage: new MemoryStorage(),
    metadata: { name: `bench ${role}`, description: 'bench', url: 'http://127.0.0.1', icons: [] },
  })
  // core's Verify has no public option for its servers; keep its lookups on the local relay.
  client.core.verify.verifyUrlV3 = `${relay.verifyUrl}/v3`
  client.core.verify.getVerifyUrl = () => relay.verifyUrl
  return client
}

async function closeClient(client) {
  await client.core.relayer.transportClose().catch(() => {})
  client.core.heartbeat.stop()
}

async function once(relay) {
  const [dapp, wallet] = await Promise.all([
    createClient('dapp', relay),
    createClient('wallet', relay),
  ])
  try {
    wallet.on('session_request', (event) => {
      void wallet.respond({
        topic: event.topic,
        response: { id: event.id, jsonrpc: '2.0', result: `0x${'ab'.repeat(65)}` },
      })
    })
    const proposal = new Promise((resolve) => wallet.once('session_proposal', resolve))
    const t0 = performance.now()
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: [CHAIN], ...NAMESPACE } },
    })
    await wallet.pair({ uri })
    const { id } = await proposal
    const t1 = performance.now()
    await wallet.approve({
      id,
      namespaces: { eip155: { chains: [CHAIN], accounts: [`${CHAIN}:${ADDRESS}`], ...NAMESPACE } },
    })
    const session = await approval()
    const t2 = performance.now()
    await dapp.request({
      topic: session.topic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] },
    })
    const t3 = performance.now()
    return { pair: t1 - t0, approve: t2 - t1, sign: t3 - t2, total: t3 - t0 }
  } finally {
    await Promise.all([closeClient(dapp), closeClient(wallet)])
  }
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
  const f = (n) => `${n.toFixed(1)} ms`.padStart(10)
  return `median ${f(at(0.5))}  p90 ${f(at(0.9))}  min ${f(sorted[0])}  max ${f(sorted.at(-1))}`
}

const relay = await startRelay()
let exitCode = 0
try {
  await once(relay) // warm-up: module JIT, first key generation
  const runs = []
  for (let i = 0; i < RUNS; i++) runs.push(await once(relay))
  console.log(`@latch/relay round trip, sign-client 2.25 dapp ↔ wallet in Node, ${RUNS} runs`)
  console.log(`  connect+pair → proposal at wallet  ${summary(runs.map((r) => r.pair))}`)
  console.log(`  approve → session at dapp          ${summary(runs.map((r) => r.approve))}`)
  console.log(`  personal_sign → answer at dapp     ${summary(runs.map((r) => r.sign))}`)
  console.log(`  pair → approve → personal_sign     ${summary(runs.map((r) => r.total))}`)
} catch (error) {
  console.error('relay bench failed:', error)
  exitCode = 1
} finally {
  await relay.stop()
}
process.exit(exitCode)
