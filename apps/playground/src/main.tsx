import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.js'
import { readPlaygroundConfig } from './config.js'
import { setupDevWallet } from './dev-wallet.js'
import { applyHostileStyles } from './hostile.js'
import type { ThemeMode } from './latch.js'
import './styles.css'

const params = new URLSearchParams(window.location.search)
// Hostile styles go in first: Latch has to cope with them from its first paint.
if (params.get('hostile') === '1') applyHostileStyles(document)

const config = readPlaygroundConfig(globalThis)
// Before React and Latch start, so the wallet is announced by the time Latch looks for wallets.
const walletSource = setupDevWallet(config, params.get('devWallet'))
const initialTheme: ThemeMode =
  params.get('theme') === 'dark' ||
  (params.get('theme') !== 'light' && window.matchMedia?.('(prefers-color-scheme: dark)').matches)
    ? 'dark'
    : 'light'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App config={config} walletSource={walletSource} initialTheme={initialTheme} />
  </StrictMode>,
)
