import type { Latch } from '@latch/core'
import { ConnectButton, LatchProvider } from '@latch/react'
import { useEffect, useState } from 'react'
import { AccountDetails } from './AccountDetails.js'
import { WalletActions } from './WalletActions.js'
import type { DevWalletSource } from './dev-wallet.js'
import type { ThemeMode } from './latch.js'
import { PLAYGROUND_PROJECT_ID } from './config.js'
import { SignInPanel } from './SignInPanel.js'
import { ThemeSwitch } from './ThemeSwitch.js'

export interface AppProps {
  /** The page's one instance; undefined when the page was served without a devnet. */
  latch: Latch | undefined
  walletSource: DevWalletSource
  initialTheme: ThemeMode
}

const WALLET_NOTE: Record<DevWalletSource, string> = {
  'in-page':
    'The Latch Dev Wallet runs in this page and approves requests by itself: pick it in the modal to connect.',
  extension: 'The Latch Dev Wallet extension is loaded in this browser.',
  none: 'No dev wallet: the page was served without the devnet.',
}

/**
 * The theme switch drives the page and Latch together: the provider's `themeMode` applies it to
 * the same instance (`latch.setThemeMode`), so the modal and the ConnectButton follow at once and
 * the wallet stays connected, with no reconnect.
 */
export function App({ latch, walletSource, initialTheme }: AppProps) {
  const [theme, setTheme] = useState<ThemeMode>(initialTheme)
  useEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])

  return (
    <main>
      <header className="bar">
        <h1>Latch playground</h1>
        <ThemeSwitch theme={theme} onChange={setTheme} />
      </header>
      {latch ? (
        <p className="note">{WALLET_NOTE[walletSource]}</p>
      ) : (
        <p className="note" role="alert">
          No devnet configuration was served with this page. Start the playground with{' '}
          <code>npm start</code> (or <code>pnpm --filter @latch/playground dev</code>).
        </p>
      )}
      {latch ? (
        <LatchProvider latch={latch} themeMode={theme}>
          <section aria-labelledby="connect-heading" className="card">
            <h2 id="connect-heading">Connect</h2>
            <ConnectButton />
          </section>
          <AccountDetails />
          {latch.options.serverUrl ? (
            <SignInPanel serverUrl={latch.options.serverUrl} projectId={PLAYGROUND_PROJECT_ID} />
          ) : null}
          <WalletActions />
        </LatchProvider>
      ) : null}
    </main>
  )
}
