import { parsePositiveInteger, runLocalCommand } from '@latch/local-kit'
import { startSolanaDevnet } from './devnet.js'
import { solanaDevnetSummary } from './summary.js'

const USAGE = `Usage: latch-solana-devnet [--out <file>] [--slot-interval <ms>]

Starts Latch's local Solana chain (LiteSVM behind a JSON-RPC and WebSocket server, funded
accounts, an SPL Token and a Token-2022 mint), prints one JSON line
{chain, rpcUrl, wsUrl, port, genesisHash, accounts, mint, token2022Mint} to stdout and runs until
SIGINT or SIGTERM. Port: LATCH_SOLANA_PORT, or a free one.

  --out <file>             also write the JSON line to <file> (removed again on stop)
  --slot-interval <ms>     also close a slot every <ms> milliseconds, not only per transaction
`

void runLocalCommand({
  name: 'latch-solana-devnet',
  usage: USAGE,
  options: ['slot-interval'],
  settings: (values) => ({
    slotIntervalMs: parsePositiveInteger(
      values['slot-interval'],
      '--slot-interval',
      'milliseconds',
    ),
  }),
  start: startSolanaDevnet,
  summary: solanaDevnetSummary,
  where: (devnet) =>
    `${devnet.chain} ${devnet.rpcUrl} (ws ${devnet.wsUrl}), mint ${devnet.mint.address}`,
})
