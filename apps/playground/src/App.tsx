import type { Latch } from '@latch/core'
import { ConnectButton, LatchProvider } from '@latch/react'
import { useEffect, useMemo, useState } from 'react'
import { AccountDetails } from './AccountDetails.js'
import { WalletActions } from './WalletActions.js'
import type { PlaygroundConfig } from './config.js'
import type { DevWalletSource } from './dev-wallet.js'
import { createPlaygroundLatch, playgroundNetworks, type ThemeMode } from './latch.js'
import { ThemeSwitch } from './ThemeSwitch.js'

export interface AppProps {
  config: PlaygroundConfig | undefined
  walletSource: DevWalletSource
  initialTheme: ThemeMode
}

/**
 * One Latch instance per theme: themeMode is fixed when an instance is created, so switching
 * destroys the old one and creates the next, which reconnects silently to the same wallet.
 * Created in an effect (not during render) so each instance is destroyed exactly once, also
 * under StrictMode's double mount.
 */
function usePlaygroundLatch(config: PlaygroundConfig | undefined, theme: ThemeMode) {
  const networks = useMemo(() => (config ? playgroundNetworks(config.chains) : []), [config])
  const walletConnect = config?.walletConnect
  const [latch, setLatch] = useState<Latch>()
  useEffect(() => {
    if (networks.length === 0) return
    const instance = createPlaygroundLatch(networks, theme, walletConnect)
    setLatch(instance)
    return () => instance.destroy()
  }, [networks, theme, walletConnect])
  return latch
}

const WALLET_NOTE: Record<DevWalletSource, string> = {
  'in-page':
    'The Latch Dev Wallet runs in this page and approves requests by itself: pick it in the modal to connect.',
  extension: 'The Latch Dev Wallet extension is loaded in this browser.',
  none: 'No dev wallet: the page was served without the devnet.',
}

export function App({ config, walletSource, initialTheme }: AppProps) {
  const [theme, setTheme] = useState<ThemeMode>(initialTheme)
  const latch = usePlaygroundLatch(config, theme)
  useEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])

  return (
    <main>
      <header className="bar">
        <h1>Latch playground</h1>
        <ThemeSwitch theme={theme} onChange={setTheme} />
      </header>
      {config ? (
        <p className="note">{WALLET_NOTE[walletSource]}</p>
      ) : (
        <p className="note" role="alert">
          No devnet configuration was served with this page. Start the playground with{' '}
          <code>npm start</code> (or <code>pnpm --filter @latch/playground dev</code>).
        </p>
      )}
      {latch ? (
        <LatchProvider latch={latch}>
          <section aria-labelledby="connect-heading" className="card">
            <h2 id="connect-heading">Connect</h2>
            <ConnectButton />
          </section>
          <AccountDetails />
          <WalletActions />
        </LatchProvider>
      ) : null}
    </main>
  )
}
