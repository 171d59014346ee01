// The playground's dev command: the devnet, then Vite on 127.0.0.1 with the devnet's chains served
// to the page; Ctrl-C (or SIGTERM from turbo) stops Vite and then every anvil. Works offline.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startDevnet } from '@latch/devnet'
import { startRelay } from '@latch/relay'
import { createServer } from 'vite'

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const startedAt = performance.now()

// The playground's wallet gets the first three funded accounts (anvil's public test keys).
const WALLET_ACCOUNTS = 3

const devnet = await startDevnet()
/** @type {import('@latch/relay').LocalRelay | undefined} */
let relay
/** @type {import('vite').ViteDevServer | undefined} */
let server
let stopping
const stop = (code = 0) =>
  (stopping ??= (async () => {
    await server?.close().catch(() => undefined)
    await relay?.stop().catch(() => undefined)
    await devnet.stop()
    process.exit(code)
  })())
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0))

try {
  // The local WalletConnect relay (and its verify service): pairing works with no internet.
  relay = await startRelay({ port: Number(process.env.LATCH_RELAY_PORT) || 0 })
  // Read by vite.config.ts's playground-config plugin, which serves it as /playground-config.js.
  process.env.LATCH_PLAYGROUND_CONFIG = JSON.stringify({
    chains: devnet.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
    privateKeys: devnet.accounts.slice(0, WALLET_ACCOUNTS).map((account) => account.privateKey),
    walletConnect: { relayUrl: relay.url, verifyUrl: relay.verifyUrl },
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
const chains = devnet.chains.map((c) => `  ${c.name} (chain ${c.chainId}): ${c.rpcUrl}`)
const accounts = devnet.accounts.slice(0, WALLET_ACCOUNTS).map((a) => `  ${a.address}`)
console.log(
  [
    '',
    `  Latch playground ready in ${Math.round(performance.now() - startedAt)} ms: ${url}`,
    `  The same host without React (core's helpers alone): ${url}host-without-react.html`,
    '',
    `  Devnet (ready in ${devnet.readyInMs} ms):`,
    ...chains,
    '  Dev wallet accounts (10 000 ETH each on every chain):',
    ...accounts,
    '',
    `  WalletConnect relay: ${relay?.url}`,
    `  WalletConnect test wallet (paste a pairing link there): ${url}wallet.html`,
    '',
    '  Ctrl-C stops the playground, the relay and the devnet.',
    '',
  ].join('\n'),
)
