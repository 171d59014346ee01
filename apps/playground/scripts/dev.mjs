// The playground's dev command: the devnet, the WalletConnect relay, the local mailbox (maildev) and
// the Latch server (with email login and the secure frame), then Vite on 127.0.0.1 with their
// addresses served to the page; Ctrl-C (or SIGTERM from turbo) stops Vite,
// the relay, the server and then every anvil. Works offline.
import { randomBytes } from 'node:crypto'
import { createServer as createNetServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startBitcoinDevnet } from '@latch/bitcoin-devnet'
import { SOCIAL_API_PATHS } from '@latch/core/api'
import { startDevnet } from '@latch/devnet'
import {
  generateAppleDeveloperKey,
  latchServerProviders,
  localClients,
  startIdentityProvider,
} from '@latch/identity-provider'
import { startMailbox } from '@latch/mailbox'
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

/**
 * A free port on 127.0.0.1 (`wanted` when it is free, else any): the server's is fixed before it
 * starts, for its auth `publicUrl`, and so is the page's, for the Farcaster sign-in link.
 */
const freePort = (wanted = 0) =>
  new Promise((resolve, reject) => {
    const probe = createNetServer()
    probe.once('error', (error) => (wanted ? resolve(freePort()) : reject(error)))
    probe.listen(wanted, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

// Email login (issue 17): dev-only secrets, fresh on every run like the server's database (a
// returning visitor's session does not outlive it). Given ones are kept.
process.env.LATCH_AUTH_SECRET ??= randomBytes(32).toString('base64url')
process.env.LATCH_CUSTODY_KEY ??= randomBytes(32).toString('base64url')

const devnetStarting = startDevnet()
// maildev on 127.0.0.1: the login codes and device-approval links land in its inbox.
const mailboxStarting = startMailbox({
  smtpPort: Number(process.env.LATCH_SMTP_PORT) || 0,
  webPort: Number(process.env.LATCH_MAILBOX_PORT) || 0,
})
mailboxStarting.catch(() => undefined)
const latchServerPort = Number(process.env.LATCH_SERVER_PORT) || (await freePort())
// The page's port, fixed now: the Latch server's Farcaster sign-in link (the QR code) opens the
// playground's page standing in for the phone, /farcaster-app.html.
const pagePort = await freePort(Number(process.env.PORT) || 5173)
const farcasterAppUrl = `http://127.0.0.1:${pagePort}/farcaster-app.html`
// The local Solana chain (LiteSVM in this process), next to anvil: the page adds its network, the
// Solana adapter and the Solana dev wallet.
const solanaStarting = startSolanaDevnet({ port: Number(process.env.LATCH_SOLANA_PORT) || 0 })
solanaStarting.catch(() => undefined)
// The local Bitcoin chain (a regtest Esplora API that verifies every signature), for the Bitcoin
// adapter (issue 14) and for a person with its faucet and miner.
const bitcoinStarting = startBitcoinDevnet({ port: Number(process.env.LATCH_BITCOIN_PORT) || 0 })
bitcoinStarting.catch(() => undefined)
// The local identity provider (oidc-provider) standing in for Google, GitHub, Apple, Facebook, X
// and Discord: social login works offline, with its scripted users. Apple's client secret is a
// real ES256 JWT signed with a key made for this run.
const latchServerUrl = `http://127.0.0.1:${latchServerPort}`
const appleKeyMaking = generateAppleDeveloperKey()
const identityProviderStarting = appleKeyMaking.then((appleKey) => {
  const clients = localClients(
    (provider) => `${latchServerUrl}${SOCIAL_API_PATHS.callback}/${provider}`,
  )
  return startIdentityProvider({
    port: Number(process.env.LATCH_IDP_PORT) || 0,
    clients: { ...clients, apple: { ...clients.apple, appleClientSecretKey: appleKey.verify } },
  })
})
identityProviderStarting.catch(() => undefined)
// PGlite's start-up, the server's slow part, runs while the devnet comes up.
const latchServerStarting = Promise.all([
  mailboxStarting,
  identityProviderStarting,
  appleKeyMaking,
]).then(([mailbox, idp, appleKey]) =>
  latchServerModule.startPlaygroundServer(devnetStarting, {
    port: latchServerPort,
    auth: { publicUrl: latchServerUrl, smtp: mailbox.smtp },
    socialProviders: latchServerProviders(idp.providers, appleKey),
    farcaster: { signInUrl: farcasterAppUrl },
    // Sign in with the wallet (issue 30) on the local Solana and Bitcoin chains too.
    otherChains: latchServerModule.otherChainsOf(solanaStarting, bitcoinStarting),
  }),
)
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
    await mailboxStarting.then((mailbox) => mailbox.stop()).catch(() => undefined)
    await identityProviderStarting.then((idp) => idp.stop()).catch(() => undefined)
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
/** @type {import('@latch/mailbox').Mailbox | undefined} */
let mailbox
/** @type {import('@latch/identity-provider').RunningIdentityProvider | undefined} */
let identityProvider
try {
  devnet = await devnetStarting
  solana = await solanaStarting
  bitcoin = await bitcoinStarting
  // The local WalletConnect relay (and its verify service): pairing works with no internet.
  relay = await startRelay({ port: Number(process.env.LATCH_RELAY_PORT) || 0 })
  // The Latch server on embedded PGlite: the wallet directory, the project's features and the
  // devnet chains' RPC proxy, for the playground's project and any local origin.
  mailbox = await mailboxStarting
  identityProvider = await identityProviderStarting
  latchServer = await latchServerStarting
  // Read by vite.config.ts's playground-config plugin, which serves it as /playground-config.js.
  process.env.LATCH_PLAYGROUND_CONFIG = JSON.stringify({
    chains: devnet.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
    privateKeys: devnet.accounts.slice(0, WALLET_ACCOUNTS).map((account) => account.privateKey),
    // The test tokens the in-page dev wallet's wallet_getAssets lists (the server prices them).
    tokens: latchServerModule.devnetWalletTokens(devnet),
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
      port: pagePort,
      strictPort: true,
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
    `    secure frame (email login's embedded wallet): ${latchServer?.url}/secure-frame/`,
    '',
    `  Mail inbox (maildev: the login codes and device links): ${mailbox?.webUrl}`,
    `    SMTP ${mailbox?.smtp.host}:${mailbox?.smtp.port}`,
    '',
    `  Social login providers (local oidc-provider as Google, GitHub, Apple, Facebook, X, Discord): ${identityProvider?.url}`,
    `    sign in as ${(identityProvider?.users ?? []).map((user) => user.username).join(', ')}; Deny refuses consent`,
    '',
    `  Farcaster app (stand-in for a phone; the QR code of "Continue with Farcaster" opens it): ${farcasterAppUrl}`,
    "    pick a devnet account, Approve: its fid is registered on chain A's IdRegistry if it has none",
    '',
    '  Ctrl-C stops the playground, the relay, the mailbox, the identity provider, the Latch server and every local chain.',
    '',
  ].join('\n'),
)
