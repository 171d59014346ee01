import { parsePort, runLocalCommand } from '@latch/local-kit'
import { startBitcoinDevnet } from './devnet.js'
import { BITCOIN_DEVNET_DEFAULT_PORT } from './network.js'
import { BITCOIN_DEVNET_PORT_ENV, portFromEnv } from './ports.js'
import { bitcoinDevnetSummary } from './summary.js'

const USAGE = `Usage: latch-bitcoin-devnet [--port <port>] [--out <file>]

Starts Latch's local Bitcoin regtest chain (an Esplora HTTP API that verifies every transaction,
with funded P2WPKH and Taproot accounts), prints one JSON line
{chain, url, esploraUrl, port, genesisHash, accounts} to stdout and runs until SIGINT or SIGTERM.
Port: --port, else ${BITCOIN_DEVNET_PORT_ENV}, else ${BITCOIN_DEVNET_DEFAULT_PORT} (0 takes a free one).

  --port <port>   the port to listen on, 127.0.0.1 only
  --out <file>    also write the JSON line to <file> (removed again on stop)
`

void runLocalCommand({
  name: 'latch-bitcoin-devnet',
  usage: USAGE,
  options: ['port'],
  settings: ({ port }) => ({
    port:
      port === undefined
        ? (portFromEnv() ?? BITCOIN_DEVNET_DEFAULT_PORT)
        : port === '0'
          ? 0
          : parsePort(port, '--port'),
  }),
  start: startBitcoinDevnet,
  summary: bitcoinDevnetSummary,
  where: (devnet) =>
    `${devnet.chain} ${devnet.esploraUrl}, faucet POST ${devnet.url}/regtest/faucet, ` +
    `mine POST ${devnet.url}/regtest/mine`,
})
