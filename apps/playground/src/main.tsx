import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.js'
import { readPlaygroundConfig } from './config.js'
import { setupDevWallet } from './dev-wallet.js'
import { setupSolanaDevWallet } from './solana-dev-wallet.js'
import { setupBitcoinDevWallet } from './bitcoin-dev-wallet.js'
import { applyHostileStyles } from './hostile.js'
import { createPlaygroundLatch, playgroundNetworks, signInModeOf, type ThemeMode } from './latch.js'
import './styles.css'

const params = new URLSearchParams(window.location.search)
// Hostile styles go in first: Latch has to cope with them from its first paint.
if (params.get('hostile') === '1') applyHostileStyles(document)

const config = readPlaygroundConfig(globalThis)
// Before React and Latch start, so the wallet is announced by the time Latch looks for wallets.
const walletSource = setupDevWallet(config, params.get('devWallet'))
setupSolanaDevWallet(config, params.get('devWallet'))
setupBitcoinDevWallet(config, params)
const initialTheme: ThemeMode =
  params.get('theme') === 'dark' ||
  (params.get('theme') !== 'light' && window.matchMedia?.('(prefers-color-scheme: dark)').matches)
    ? 'dark'
    : 'light'

// One instance for the page's life, as the README's integration creates it: the theme switch
// changes its theme in place, so nothing reconnects.
const latch = config
  ? createPlaygroundLatch(
      playgroundNetworks(config.chains, config.solana, config.bitcoin),
      initialTheme,
      config,
      signInModeOf(params.get('siwx')),
    )
  : undefined
// The host helpers from the console (and the e2e tests): `await __latch.connect()`.
if (latch) Object.assign(globalThis, { __latch: latch })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App latch={latch} walletSource={walletSource} initialTheme={initialTheme} />
  </StrictMode>,
)
