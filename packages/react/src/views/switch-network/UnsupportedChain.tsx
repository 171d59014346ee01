import { selectNetworkOptions, type Network } from '@latch/core'
import { useState } from 'react'
import { useSharedSelector } from '../../hooks/useSelector.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { NetworkList } from './NetworkList.js'
import type { ViewProps } from '../view-props.js'

/**
 * Core opens this view when the wallet moves to a network the app does not support (SPEC §2).
 * The user picks a configured network (a direct switch: SwitchNetwork asks the wallet at once)
 * or disconnects. Core closes it once the wallet is on a supported network again, and shows
 * Connect after a disconnect.
 */
export function UnsupportedChain(_: ViewProps<'UnsupportedChain'>) {
  const latch = useLatch()
  const t = useT()
  const options = useSharedSelector(latch.network, (s) => selectNetworkOptions(s))
  const [disconnecting, setDisconnecting] = useState(false)

  const choose = (network: Network) =>
    latch.network.send({ type: 'SWITCH_NETWORK', network, ignoreSwitchConfirmation: true })
  const disconnect = async () => {
    setDisconnecting(true)
    try {
      await latch.disconnect()
    } finally {
      setDisconnecting(false)
    }
  }

  return (
    <div>
      <p className="latch-muted">{t('view.UnsupportedChain.message')}</p>
      <NetworkList
        options={options}
        label={t('view.UnsupportedChain.available')}
        onSelect={choose}
      />
      <div className="latch-center">
        <button
          type="button"
          className="latch-button"
          data-variant="danger"
          disabled={disconnecting}
          aria-busy={disconnecting}
          onClick={() => void disconnect()}
        >
          {t('view.UnsupportedChain.disconnect')}
        </button>
      </div>
    </div>
  )
}
