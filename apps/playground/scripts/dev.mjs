// The playground's dev command: the devnet, the WalletConnect relay and the Latch server, then Vite
// on 127.0.0.1 with their addresses served to the page; Ctrl-C (or SIGTERM from turbo) stops Vite,
// the relay, the server and then every anvil. Works offline.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startBitcoinDevnet } from '@latch/bitcoin-devnet'
import { startDevnet } from '@latch/devnet'
import { startRelay } from '@latch/relay'
import { startSolanaDevnet } from '@latch/solana-devnet'
import { createServer, runnerImport } from 'vite'

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const startedAt = performance.now()

// The playground's wallet gets the first three funded accounts (anvil's public test keys).
const WALLET_ACCOUNTS = 3

// The Latch server's set-up is TypeScript shared with the e2e harness (server/latch-server.ts);
// Node 20 runs no TypeScript, so Vite's module runner loads it.
/** @type {{ module: typeof import('../server/latch-server.ts') }} */
const { module: latchServerModule } = await runnerImport(join(appDir, 'server/latch-server.ts'), {
  root: appDir,
  configFile: false,
  logLevel: 'warn',
})

const devnetStarting = startDevnet()
// The local Solana chain (LiteSVM in this process), next to anvil: the page adds its network, the
// Solana adapter and the Solana dev wallet.
const solanaStarting = startSolanaDevnet({ port: Number(process.env.LATCH_SOLANA_PORT) || 0 })
solanaStarting.catch(() => undefined)
// The local Bitcoin chain (a regtest Esplora API that verifies every signature), for the Bitcoin
// adapter (issue 14) and for a person with its faucet and miner.
const bitcoinStarting = startBitcoinDevnet({ port: Number(process.env.LATCH_BITCOIN_PORT) || 0 })
bitcoinStarting.catch(() => undefined)
// PGlite's start-up, the server's slow part, runs while the devnet comes up.
const latchServerStarting = latchServerModule.startPlaygroundServer(devnetStarting, {
  port: Number(process.env.LATCH_SERVER_PORT) || 0,
})
// Its failure is reported where it is awaited below, not as an unhandled rejection before that.
latchServerStarting.catch(() => undefined)
/** @type {import('@latch/relay').LocalRelay | undefined} */
let relay
/** @type {import('vite').ViteDevServer | undefined} */
let server
let stopping
const stop = (code = 0) =>
  (stopping ??= (async () => {
    await server?.close().catch(() => undefined)
    await relay?.stop().catch(() => undefined)
    // Waits for whichever is still starting, then stops it; one that failed has cleaned up.
    await latchServerStarting.then((latch) => latch.close()).catch(() => undefined)
    await devnetStarting.then((devnet) => devnet.stop()).catch(() => undefined)
    await solanaStarting.then((solana) => solana.stop()).catch(() => undefined)
    await bitcoinStarting.then((bitcoin) => bitcoin.stop()).catch(() => undefined)
    process.exit(code)
  })())
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0))

/** @type {import('@latch/devnet').Devnet | undefined} */
let devnet
/** @type {import('@latch/solana-devnet').SolanaDevnet | undefined} */
let solana
/** @type {import('@latch/bitcoin-devnet').BitcoinDevnet | undefined} */
let bitcoin
/** @type {import('../server/latch-server.ts').PlaygroundServer | undefined} */
let latchServer
try {
  devnet = await devnetStarting
  solana = await solanaStarting
  bitcoin = await bitcoinStarting
  // The local WalletConnect relay (and its verify service): pairing works with no internet.
  relay = await startRelay({ port: Number(process.env.LATCH_RELAY_PORT) || 0 })
  // The Latch server on embedded PGlite: the wallet directory, the project's features and the
  // devnet chains' RPC proxy, for the playground's project and any local origin.
  latchServer = await latchServerStarting
  // Read by vite.config.ts's playground-config plugin, which serves it as /playground-config.js.
  process.env.LATCH_PLAYGROUND_CONFIG = JSON.stringify({
    chains: devnet.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
    privateKeys: devnet.accounts.slice(0, WALLET_ACCOUNTS).map((account) => account.privateKey),
    walletConnect: { relayUrl: relay.url, verifyUrl: relay.verifyUrl },
    serverUrl: latchServer.url,
    solana: { rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl },
    bitcoin: { esploraUrl: bitcoin.esploraUrl },
  })
  server = await createServer({
    root: appDir,
    configFile: join(appDir, 'vite.config.ts'),
    server: {
      host: '127.0.0.1',
      port: Number(process.env.PORT) || 5173,
    },
  })
  await server.listen()
} catch (error) {
  console.error(error)
  await stop(1)
}

const url = server?.resolvedUrls?.local[0] ?? '(unknown)'
const chains = (devnet?.chains ?? []).map((c) => `  ${c.name} (chain ${c.chainId}): ${c.rpcUrl}`)
const accounts = (devnet?.accounts ?? []).slice(0, WALLET_ACCOUNTS).map((a) => `  ${a.address}`)
console.log(
  [
    '',
    `  Latch playground ready in ${Math.round(performance.now() - startedAt)} ms: ${url}`,
    `  The same host without React (core's helpers alone): ${url}host-without-react.html`,
    '',
    `  Devnet (ready in ${devnet?.readyInMs} ms):`,
    ...chains,
    '  Dev wallet accounts (10 000 ETH each on every chain):',
    ...accounts,
    '',
    `  Solana local chain ${solana?.chain} (LiteSVM, ready in ${solana?.readyInMs} ms): ${solana?.rpcUrl}`,
    `    WebSocket ${solana?.wsUrl}; test token mint ${solana?.mint.address}`,
    '  Solana dev wallet accounts (1 000 SOL each), in the page or as its extension:',
    ...(solana?.accounts ?? []).slice(0, WALLET_ACCOUNTS).map((a) => `  ${a.address}`),
    '',
    `  Bitcoin regtest ${bitcoin?.chain} (Esplora API, ready in ${bitcoin?.readyInMs} ms): ${bitcoin?.esploraUrl}`,
    `    faucet: POST ${bitcoin?.url}/regtest/faucet {"address","amount"}; mine: POST ${bitcoin?.url}/regtest/mine`,
    '',
    `  WalletConnect relay: ${relay?.url}`,
    `  WalletConnect test wallet (paste a pairing link there): ${url}wallet.html`,
    '',
    `  Latch server (wallet directory, project config, RPC proxy): ${latchServer?.url}`,
    `    on embedded PGlite in ${latchServer?.dataDir} (removed on exit)`,
    '',
    '  Ctrl-C stops the playground, the relay, the Latch server and every local chain.',
    '',
  ].join('\n'),
)
