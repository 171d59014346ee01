import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startSolanaDevnet, type SolanaDevnet } from './devnet.js'
import { solanaDevnetSummary } from './summary.js'

const USAGE = `Usage: latch-solana-devnet [--out <file>] [--slot-interval <ms>]

Starts Latch's local Solana chain (LiteSVM behind a JSON-RPC and WebSocket server, funded
accounts, an SPL Token and a Token-2022 mint), prints one JSON line
{chain, rpcUrl, wsUrl, port, genesisHash, accounts, mint, token2022Mint} to stdout and runs until
SIGINT or SIGTERM. Port: LATCH_SOLANA_PORT, or a free one.

  --out <file>             also write the JSON line to <file> (removed again on stop)
  --slot-interval <ms>     also close a slot every <ms> milliseconds, not only per transaction
`

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'slot-interval': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    process.stdout.write(USAGE)
    return
  }
  const rawInterval = values['slot-interval']
  const slotIntervalMs = rawInterval === undefined ? undefined : Number(rawInterval)
  if (slotIntervalMs !== undefined && !(Number.isInteger(slotIntervalMs) && slotIntervalMs > 0)) {
    throw new Error('--slot-interval must be a positive whole number of milliseconds')
  }
  const out = values.out === undefined ? undefined : resolve(values.out)

  // The server is unreferenced so library users never hang on it; staying up is this command's
  // whole job, until a signal says otherwise.
  const keepAlive = setInterval(() => {}, 2 ** 30)
  const starting = startSolanaDevnet({ slotIntervalMs })
  let stopping: Promise<void> | undefined
  // Listening before the devnet is up: a signal during start-up still stops what was started.
  const stop = () =>
    (stopping ??= starting
      .then((devnet) => devnet.stop())
      .catch(() => {})
      .finally(() => {
        // A stale file would point the next reader at a port nobody listens on any more.
        if (out) rmSync(out, { force: true })
        clearInterval(keepAlive)
      }))
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void stop())
  }

  let devnet: SolanaDevnet
  try {
    devnet = await starting
  } catch (error) {
    clearInterval(keepAlive)
    throw error
  }
  if (stopping) return

  const line = `${JSON.stringify(solanaDevnetSummary(devnet))}\n`
  if (out) {
    // Through a rename, so a reader polling for the file never sees half of it.
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(`${out}.${process.pid}.tmp`, line)
    renameSync(`${out}.${process.pid}.tmp`, out)
  }
  process.stdout.write(line)
  process.stderr.write(
    `latch-solana-devnet: ready in ${devnet.readyInMs} ms: ${devnet.chain} ${devnet.rpcUrl} ` +
      `(ws ${devnet.wsUrl}), mint ${devnet.mint.address}. Ctrl-C stops it.\n`,
  )
}

main().catch((error: unknown) => {
  process.stderr.write(
    `latch-solana-devnet: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exitCode = 1
})
