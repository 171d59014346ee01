import { parsePositiveInteger, runLocalCommand } from '@latch/local-kit'
import { startDevnet } from './devnet.js'
import { devnetSummary } from './summary.js'

const USAGE = `Usage: latch-devnet [--out <file>] [--block-time <seconds>]

Starts Latch's local devnet (two anvil chains, funded accounts, test tokens, Uniswap v2 pools),
prints one JSON line {chains, accounts, contracts} to stdout and runs until SIGINT or SIGTERM.
Ports: LATCH_DEVNET_PORT_A and LATCH_DEVNET_PORT_B, or free ones.

  --out <file>            also write the JSON line to <file> (removed again on stop)
  --block-time <seconds>  mine a block every <seconds> instead of on every transaction
`

void runLocalCommand({
  name: 'latch-devnet',
  usage: USAGE,
  options: ['block-time'],
  settings: (values) => ({
    blockTime: parsePositiveInteger(values['block-time'], '--block-time', 'seconds'),
  }),
  start: startDevnet,
  summary: devnetSummary,
  where: (devnet) =>
    devnet.chains.map((chain) => `${chain.name} (${chain.chainId}) ${chain.rpcUrl}`).join(', '),
})
