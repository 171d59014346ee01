import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startBitcoinDevnet, type BitcoinDevnet } from './devnet.js'
import { BITCOIN_DEVNET_DEFAULT_PORT } from './network.js'
import { BITCOIN_DEVNET_PORT_ENV, parsePort, portFromEnv } from './ports.js'
import { bitcoinDevnetSummary } from './summary.js'

const USAGE = `Usage: latch-bitcoin-devnet [--port <port>] [--out <file>]

Starts Latch's local Bitcoin regtest chain (an Esplora HTTP API that verifies every transaction,
with funded P2WPKH and Taproot accounts), prints one JSON line
{chain, url, esploraUrl, port, genesisHash, accounts} to stdout and runs until SIGINT or SIGTERM.
Port: --port, else ${BITCOIN_DEVNET_PORT_ENV}, else ${BITCOIN_DEVNET_DEFAULT_PORT} (0 takes a free one).

  --port <port>   the port to listen on, 127.0.0.1 only
  --out <file>    also write the JSON line to <file> (removed again on stop)
`

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    process.stdout.write(USAGE)
    return
  }
  const port =
    values.port === undefined
      ? (portFromEnv() ?? BITCOIN_DEVNET_DEFAULT_PORT)
      : values.port === '0'
        ? 0
        : parsePort(values.port, '--port')
  const out = values.out === undefined ? undefined : resolve(values.out)

  // The server is unreferenced so library users never hang on it; staying up is this command's
  // whole job, until a signal says otherwise.
  const keepAlive = setInterval(() => {}, 2 ** 30)
  const starting = startBitcoinDevnet({ port })
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

  let devnet: BitcoinDevnet
  try {
    devnet = await starting
  } catch (error) {
    clearInterval(keepAlive)
    throw error
  }
  if (stopping) return

  const line = `${JSON.stringify(bitcoinDevnetSummary(devnet))}\n`
  if (out) {
    // Through a rename, so a reader polling for the file never sees half of it.
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(`${out}.${process.pid}.tmp`, line)
    renameSync(`${out}.${process.pid}.tmp`, out)
  }
  process.stdout.write(line)
  process.stderr.write(
    `latch-bitcoin-devnet: ready in ${devnet.readyInMs} ms: ${devnet.chain} ${devnet.esploraUrl}, ` +
      `faucet POST ${devnet.url}/regtest/faucet, mine POST ${devnet.url}/regtest/mine. Ctrl-C stops it.\n`,
  )
}

main().catch((error: unknown) => {
  process.stderr.write(
    `latch-bitcoin-devnet: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exitCode = 1
})
