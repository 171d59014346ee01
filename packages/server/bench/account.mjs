// pnpm bench for @latch/server's account data (issue 11), on embedded PGlite and on a throwaway
// PostgreSQL: the indexer's catch-up on N seeded transfers for one account (blocks/s and
// transfers/s), the p99 of a cached balance, and the p99 of a history page (the first, and one
// deep in the history by cursor). In process, through the app's fetch, so only the server's own
// work is timed. N: LATCH_BENCH_TRANSFERS (default 2000; the issue's figure is 10000).
import { devnetAccounts, devnetContractAddresses, devnetNetwork, startDevnet } from '@latch/devnet'
import { createTestClient, createWalletClient, encodeFunctionData, erc20Abi, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseServerConfig } from '../dist/config/load.js'
import { openDatabase } from '../dist/db/database.js'
import { ChainIndexer } from '../dist/indexer/chain-indexer.js'
import { evmChainsOf } from '../dist/account/chains.js'
import { indexerSettings } from '../dist/indexer/indexers.js'
import { createServer } from '../dist/server.js'
import { createTestDatabase, startPostgresCluster } from '../dist/testing/postgres-cluster.js'

const N = Number(process.env.LATCH_BENCH_TRANSFERS) || 2000
const SAMPLES = Number(process.env.LATCH_BENCH_SAMPLES) || 500
const PER_BLOCK = 100
const GOAL = { balanceP99: 20, historyP99: 30 }

/** Seeds N LTT transfers between accounts 0 and 1 (alternating), PER_BLOCK to a block. */
async function seed(chain) {
  const network = devnetNetwork(chain)
  const transport = http(chain.rpcUrl)
  const tester = createTestClient({ mode: 'anvil', chain: network, transport })
  await tester.setAutomine(false)
  const senders = [0, 1].map((index) => {
    const account = privateKeyToAccount(devnetAccounts[index].privateKey)
    return { account, wallet: createWalletClient({ account, chain: network, transport }) }
  })
  const nonces = await Promise.all(
    senders.map(({ account }) =>
      tester.request({ method: 'eth_getTransactionCount', params: [account.address, 'pending'] }),
    ),
  )
  const next = nonces.map((n) => Number(n))
  for (let i = 0; i < N; i++) {
    const from = i % 2
    const { account, wallet } = senders[from]
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [senders[1 - from].account.address, BigInt(i + 1)],
    })
    const raw = await wallet.signTransaction({
      account,
      to: devnetContractAddresses.testToken,
      data,
      nonce: next[from]++,
      gas: 60_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1n,
      chain: network,
    })
    await tester.request({ method: 'eth_sendRawTransaction', params: [raw] })
    if ((i + 1) % PER_BLOCK === 0) await tester.mine({ blocks: 1 })
  }
  await tester.mine({ blocks: 1 })
  await tester.setAutomine(true)
}

function p99(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]
}

async function timeRequests(server, paths) {
  const samples = []
  for (let i = 0; i < SAMPLES; i++) {
    const path = paths[i % paths.length]
    const start = performance.now()
    const response = await server.fetch(new Request(`http://bench.local${path}`))
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
    samples.push(performance.now() - start)
  }
  return p99(samples)
}

async function run(label, database, chain) {
  const caip = `eip155:${chain.chainId}`
  const config = parseServerConfig({
    projects: [{ id: 'bench', allowedOrigins: ['http://127.0.0.1:*'] }],
    chains: [{ caipNetworkId: caip, rpcUrls: [chain.rpcUrl] }],
    tokens: [
      { caipNetworkId: caip, address: 'native', symbol: 'ETH', name: 'Ether', decimals: 18 },
      {
        caipNetworkId: caip,
        address: devnetContractAddresses.testToken,
        symbol: 'LTT',
        name: 'Latch Test Token',
        decimals: 18,
      },
    ],
    prices: { kind: 'static', usd: { ETH: 3000 } },
    indexer: { enabled: false, batchBlocks: 100 },
  })
  const indexer = new ChainIndexer({
    db: database.db,
    chainId: caip,
    client: evmChainsOf(config, globalThis.fetch).get(caip).client,
    settings: indexerSettings(config, caip),
    now: Date.now,
    log: (error) => console.error(error),
  })
  const head = Number(await evmChainsOf(config, globalThis.fetch).get(caip).client.getBlockNumber())
  const started = performance.now()
  await indexer.syncToHead()
  const seconds = (performance.now() - started) / 1000
  const server = await createServer(config, { database, seed: false, indexer: false })
  const account = devnetAccounts[0].address
  const balance = `/v1/account/${account}/balance?projectId=bench&currency=usd&chainId=${caip}`
  await server.fetch(new Request(`http://bench.local${balance}`))
  const historyPath = (cursor) =>
    `/v1/account/${account}/history?projectId=bench&chainId=${caip}${cursor ? `&cursor=${cursor}` : ''}`
  // A cursor half-way down the history: the page a long infinite scroll reaches.
  let cursor
  for (let page = 0; page < Math.floor(N / 2 / 20); page++) {
    const body = await (
      await server.fetch(new Request(`http://bench.local${historyPath(cursor)}`))
    ).json()
    cursor = body.next ?? cursor
  }
  const balanceP99 = await timeRequests(server, [balance])
  const historyP99 = await timeRequests(server, [historyPath(), historyPath(cursor)])
  await server.close()
  const fmt = (ms) => `${ms.toFixed(2)} ms`
  console.log(
    `${label}: catch-up ${head + 1} blocks in ${seconds.toFixed(1)} s ` +
      `(${((head + 1) / seconds).toFixed(0)} blocks/s, ${(N / seconds).toFixed(0)} transfers/s); ` +
      `cached balance p99 ${fmt(balanceP99)} (goal < ${GOAL.balanceP99} ms); ` +
      `history page p99 ${fmt(historyP99)} (goal < ${GOAL.historyP99} ms)`,
  )
}

const devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
const cluster = await startPostgresCluster()
try {
  const seedStart = performance.now()
  await seed(devnet.chains[0])
  console.log(
    `account bench: ${N} transfers seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  )
  const pglite = await openDatabase()
  try {
    await run('PGlite', pglite, devnet.chains[0])
  } finally {
    await pglite.close()
  }
  const created = await createTestDatabase(cluster.url)
  const postgres = await openDatabase({ url: created.url })
  try {
    await run('PostgreSQL', postgres, devnet.chains[0])
  } finally {
    await postgres.close()
    await created.drop()
  }
} finally {
  await cluster.stop()
  await devnet.stop()
}
