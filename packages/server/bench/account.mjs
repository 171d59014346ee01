// pnpm bench for @latch/server's account data (issue 11), on embedded PGlite and on a throwaway
// PostgreSQL: the indexer's catch-up on N seeded transfers for one account (blocks/s and
// transfers/s), the p99 of a cached balance, and the p99 of a history page (the first, and one
// half-way down the history by cursor). In process, through the app's fetch, so only the
// server's own work is timed. N: LATCH_BENCH_TRANSFERS (default 10,000, the issue's figure);
// LATCH_BENCH_EXPLAIN=1 prints the history query's plan (EXPLAIN ANALYZE) on each database.
import { cpus, loadavg } from 'node:os'
import { devnetAccounts, devnetContractAddresses, startDevnet } from '@latch/devnet'
import { sql } from 'drizzle-orm'
import { encodeFunctionData, erc20Abi, numberToHex } from 'viem'
import { evmChainsOf } from '../dist/account/chains.js'
import { decodeCursor } from '../dist/account/cursor.js'
import { historyPageQuery } from '../dist/account/history.js'
import { parseServerConfig } from '../dist/config/load.js'
import { openDatabase } from '../dist/db/database.js'
import { ChainIndexer } from '../dist/indexer/chain-indexer.js'
import { indexerSettings } from '../dist/indexer/indexers.js'
import { createServer } from '../dist/server.js'
import { createTestDatabase, startPostgresCluster } from '../dist/testing/postgres-cluster.js'

const N = Number(process.env.LATCH_BENCH_TRANSFERS) || 10_000
const SAMPLES = Number(process.env.LATCH_BENCH_SAMPLES) || 500
const EXPLAIN = process.env.LATCH_BENCH_EXPLAIN === '1'
/** Transfers a block: a hundred blocks for the issue's 10,000. */
const PER_BLOCK = 100
const GOAL = { balanceP99: 20, historyP99: 30 }

/** One JSON-RPC batch (a JSON array) to anvil; throws on any error in it. */
async function rpcBatch(url, calls) {
  const body = calls.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params }))
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answers = await response.json()
  const failed = answers.find((answer) => answer.error)
  if (failed) throw new Error(`anvil: ${JSON.stringify(failed.error)}`)
  return answers.sort((a, b) => a.id - b.id).map((answer) => answer.result)
}

/**
 * Seeds N LTT transfers between accounts 0 and 1 (alternating, so account 0 takes part in all
 * of them), PER_BLOCK to a block. Fast: automine off, each block's transactions go in one
 * JSON-RPC batch of `eth_sendTransaction` (anvil holds the dev keys, so nothing is signed here;
 * nonces and gas are given, so nothing is estimated), then one `anvil_mine`.
 */
async function seed(chain) {
  const url = chain.rpcUrl
  const [a, b] = [devnetAccounts[0].address, devnetAccounts[1].address]
  await rpcBatch(url, [['evm_setAutomine', [false]]])
  const nonces = (
    await rpcBatch(url, [
      ['eth_getTransactionCount', [a, 'pending']],
      ['eth_getTransactionCount', [b, 'pending']],
    ])
  ).map(Number)
  for (let start = 0; start < N; start += PER_BLOCK) {
    const calls = []
    for (let i = start; i < Math.min(N, start + PER_BLOCK); i++) {
      const from = i % 2
      calls.push([
        'eth_sendTransaction',
        [
          {
            from: from === 0 ? a : b,
            to: devnetContractAddresses.testToken,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [from === 0 ? b : a, BigInt(i + 1)],
            }),
            nonce: numberToHex(nonces[from]++),
            gas: numberToHex(60_000),
            maxFeePerGas: numberToHex(10_000_000_000),
            maxPriorityFeePerGas: numberToHex(1),
          },
        ],
      ])
    }
    await rpcBatch(url, calls)
    await rpcBatch(url, [['anvil_mine', ['0x1']]])
  }
  await rpcBatch(url, [['evm_setAutomine', [true]]])
  const [block] = await rpcBatch(url, [['eth_getBlockByNumber', ['latest', false]]])
  return Number(block.number)
}

/** The median and the 99th percentile of the samples, in ms. */
function percentiles(samples) {
  const sorted = [...samples].sort((x, y) => x - y)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]
  return { p50: at(0.5), p99: at(0.99) }
}

/** The p50 and p99 of SAMPLES requests, cycling through `paths`; each must answer 200. */
async function timeRequests(server, paths) {
  // Warm-up: the first requests pay for JIT and the database's plan cache.
  for (const path of paths) await server.fetch(new Request(`http://bench.local${path}`))
  const samples = []
  for (let i = 0; i < SAMPLES; i++) {
    const path = paths[i % paths.length]
    const start = performance.now()
    const response = await server.fetch(new Request(`http://bench.local${path}`))
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
    samples.push(performance.now() - start)
  }
  return percentiles(samples)
}

/** Prints the plan of the history page at `cursor` (EXPLAIN ANALYZE, its parameters inlined). */
async function explainHistory(database, account, caip, cursor) {
  const query = historyPageQuery(database.db, {
    account,
    chainId: caip,
    after: cursor ? decodeCursor(cursor) : undefined,
  }).toSQL()
  const text = query.sql.replace(/\$(\d+)/g, (_, i) => {
    const value = query.params[Number(i) - 1]
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`
  })
  const result = await database.db.execute(sql.raw(`explain analyze ${text}`))
  console.log(`\n${database.kind} history page plan:`)
  for (const row of result.rows) console.log(`  ${row['QUERY PLAN']}`)
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
    prices: { kind: 'static', usd: { ETH: 3000, LTT: 2 } },
    indexer: { enabled: false, batchBlocks: 100 },
  })
  const client = evmChainsOf(config, globalThis.fetch).get(caip).client
  const indexer = new ChainIndexer({
    db: database.db,
    chainId: caip,
    client,
    settings: indexerSettings(config, caip),
    now: Date.now,
    log: (error) => console.error(error),
  })
  const head = Number(await client.getBlockNumber())
  const started = performance.now()
  await indexer.syncToHead()
  const seconds = (performance.now() - started) / 1000
  // The clock stands still, so every timed balance is a cache hit (the portfolio's 30 s).
  const now = Date.now()
  const server = await createServer(config, {
    database,
    // A bench on this machine: development, whatever NODE_ENV the shell has.
    mode: 'development',
    seed: false,
    indexer: false,
    now: () => now,
  })
  const account = devnetAccounts[0].address
  const balance = `/v1/account/${account}/balance?projectId=bench&currency=usd&chainId=${caip}`
  const first = await server.fetch(new Request(`http://bench.local${balance}`))
  if (first.status !== 200) throw new Error(`balance: ${first.status} ${await first.text()}`)
  const historyPath = (cursor) =>
    `/v1/account/${account}/history?projectId=bench&chainId=${caip}${cursor ? `&cursor=${cursor}` : ''}`
  // A cursor half-way down the history: the page a long infinite scroll reaches.
  let cursor
  let seen = 0
  for (let page = 0; page < Math.floor(N / 2 / 20); page++) {
    const body = await (
      await server.fetch(new Request(`http://bench.local${historyPath(cursor)}`))
    ).json()
    seen += body.data.length
    cursor = body.next ?? cursor
  }
  if (seen < Math.floor(N / 2 / 20) * 20) throw new Error(`history: only ${seen} transactions`)
  if (EXPLAIN) await explainHistory(database, account, caip, cursor)
  const balanceTimes = await timeRequests(server, [balance])
  const firstPage = await timeRequests(server, [historyPath()])
  const deepPage = await timeRequests(server, [historyPath(cursor)])
  await server.close()
  return {
    label,
    blocks: head + 1,
    seconds,
    blocksPerSecond: (head + 1) / seconds,
    transfersPerSecond: N / seconds,
    balance: balanceTimes,
    firstPage,
    deepPage,
  }
}

function printTable(results) {
  const ms = (t) => `${t.p99.toFixed(1)} ms (p50 ${t.p50.toFixed(1)})`
  const rows = [
    ['', ...results.map((r) => r.label)],
    ['indexer catch-up', ...results.map((r) => `${r.blocks} blocks in ${r.seconds.toFixed(1)} s`)],
    ['  blocks/s', ...results.map((r) => r.blocksPerSecond.toFixed(0))],
    ['  transfers/s', ...results.map((r) => r.transfersPerSecond.toFixed(0))],
    [`cached balance p99 (goal < ${GOAL.balanceP99} ms)`, ...results.map((r) => ms(r.balance))],
    [`history page 1 p99 (goal < ${GOAL.historyP99} ms)`, ...results.map((r) => ms(r.firstPage))],
    [
      `history page ${Math.floor(N / 2 / 20) + 1} p99 (goal < ${GOAL.historyP99} ms)`,
      ...results.map((r) => ms(r.deepPage)),
    ],
  ]
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)))
  for (const row of rows) {
    console.log(
      row
        .map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col])))
        .join('  '),
    )
  }
  const missed = results.flatMap((r) => [
    ...(r.balance.p99 >= GOAL.balanceP99 ? [`${r.label} balance`] : []),
    ...(Math.max(r.firstPage.p99, r.deepPage.p99) >= GOAL.historyP99 ? [`${r.label} history`] : []),
  ])
  // The p99s are a shared machine's as much as the server's: the load says how busy it was.
  const load = `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`
  console.log(
    missed.length === 0
      ? `account bench: every p99 goal met (${load})`
      : `account bench: p99 goal missed (${missed.join(', ')}), ${load}`,
  )
}

const devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
const cluster = await startPostgresCluster()
try {
  const seedStart = performance.now()
  await seed(devnet.chains[0])
  console.log(
    `account bench: ${N} transfers for one account seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s, ${SAMPLES} samples a p99`,
  )
  const results = []
  const pglite = await openDatabase()
  try {
    results.push(await run('PGlite', pglite, devnet.chains[0]))
  } finally {
    await pglite.close()
  }
  const created = await createTestDatabase(cluster.url)
  const postgres = await openDatabase({ url: created.url })
  try {
    results.push(await run('PostgreSQL', postgres, devnet.chains[0]))
  } finally {
    await postgres.close()
    await created.drop()
  }
  printTable(results)
} finally {
  await cluster.stop()
  await devnet.stop()
}
