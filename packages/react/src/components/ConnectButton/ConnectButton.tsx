import type { CSSProperties } from 'react'
import { baseStyles } from '../../theme/base-styles.js'
import { themeStyle } from '../../theme/theme.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { useLatchAccount, useLatchAccountData } from '../../hooks/useLatchAccount.js'
import { useLatchTheme } from '../../hooks/useLatchTheme.js'
import { displayBalance, shortAddress } from '../format.js'
import { InlineShadow } from '../ui/InlineShadow.js'

export interface ConnectButtonProps {
  /** Show the native balance beside the address when connected. Default true. */
  balance?: boolean
}

/**
 * Opens the modal: Connect when disconnected, Account when connected (SPEC §2 opening rules).
 * It sits in the host's layout, in its own shadow root (the modal's stylesheet), and follows the
 * instance's theme live: mode and variables, as the modal does.
 */
export function ConnectButton({ balance = true }: ConnectButtonProps) {
  const latch = useLatch()
  const t = useT()
  const account = useLatchAccount()
  const data = useLatchAccountData()
  const theme = useLatchTheme()
  const busy = account.status === 'connecting' || account.status === 'reconnecting'
  const label =
    account.isConnected && account.address
      ? shortAddress(account.address)
      : busy
        ? t('connectButton.connecting')
        : t('connectButton.connect')
  return (
    <InlineShadow styles={baseStyles}>
      <span
        className="latch-root"
        data-theme={theme.themeMode}
        style={themeStyle(theme) as CSSProperties}
      >
        <button
          type="button"
          className="latch-button"
          data-variant={account.isConnected ? 'secondary' : undefined}
          aria-busy={busy}
          onClick={() => latch.open()}
        >
          {account.isConnected && balance && data.balance !== undefined ? (
            <span className="latch-muted">
              {displayBalance(data.balance)} {data.balanceSymbol}
            </span>
          ) : null}
          <span>{label}</span>
        </button>
      </span>
    </InlineShadow>
  )
}
