import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startDevnet, type Devnet } from './devnet.js'
import { devnetSummary } from './summary.js'

const USAGE = `Usage: latch-devnet [--out <file>] [--block-time <seconds>]

Starts Latch's local devnet (two anvil chains, funded accounts, test tokens), prints one JSON
line {chains, accounts, contracts} to stdout and runs until SIGINT or SIGTERM.
Ports: LATCH_DEVNET_PORT_A and LATCH_DEVNET_PORT_B, or free ones.

  --out <file>            also write the JSON line to <file> (removed again on stop)
  --block-time <seconds>  mine a block every <seconds> instead of on every transaction
`

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'block-time': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    process.stdout.write(USAGE)
    return
  }
  const blockTime = values['block-time'] === undefined ? undefined : Number(values['block-time'])
  if (blockTime !== undefined && !(Number.isInteger(blockTime) && blockTime > 0)) {
    throw new Error(`--block-time must be a positive whole number of seconds`)
  }
  const out = values.out === undefined ? undefined : resolve(values.out)

  // The anvils are unreferenced so library users never hang on them; staying up is this
  // command's whole job, until a signal says otherwise.
  const keepAlive = setInterval(() => {}, 2 ** 30)
  const starting = startDevnet({ blockTime })
  let stopping: Promise<void> | undefined
  // Listening before the devnet is up: a signal during start-up still stops what was started.
  const stop = () =>
    (stopping ??= starting
      .then((devnet) => devnet.stop())
      .catch(() => {})
      .finally(() => {
        // A stale file would point the next reader at ports nobody listens on any more.
        if (out) rmSync(out, { force: true })
        clearInterval(keepAlive)
      }))
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void stop())

  let devnet: Devnet
  try {
    devnet = await starting
  } catch (error) {
    clearInterval(keepAlive)
    throw error
  }
  if (stopping) return

  const line = `${JSON.stringify(devnetSummary(devnet))}\n`
  if (out) {
    // Through a rename, so a reader polling for the file never sees half of it.
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(`${out}.${process.pid}.tmp`, line)
    renameSync(`${out}.${process.pid}.tmp`, out)
  }
  process.stdout.write(line)
  const where = devnet.chains.map((chain) => `${chain.name} (${chain.chainId}) ${chain.rpcUrl}`)
  process.stderr.write(
    `latch-devnet: ready in ${devnet.readyInMs} ms: ${where.join(', ')}. Ctrl-C stops it.\n`,
  )
}

main().catch((error: unknown) => {
  process.stderr.write(`latch-devnet: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})
