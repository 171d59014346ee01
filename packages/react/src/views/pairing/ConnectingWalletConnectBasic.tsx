import { route } from '@latch/core'
import { PairingPanel } from '../../components/pairing/PairingPanel.js'
import { usePairing } from '../../components/pairing/use-pairing.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import type { ViewProps } from '../view-props.js'

/**
 * The basic connection (SPEC §2 rule 2): with no adapters, or wallet control left to the host,
 * a desktop visitor connects by scanning this QR code. The same pairing as the wallet-specific
 * view, plus the way to the full wallet list for a wallet that needs its own link.
 */
export function ConnectingWalletConnectBasic(_: ViewProps<'ConnectingWalletConnectBasic'>) {
  const latch = useLatch()
  const t = useT()
  const pairing = usePairing()
  return (
    <div className="latch-center">
      <h3 style={{ margin: 0 }}>{t('view.ConnectingWalletConnectBasic.scan')}</h3>
      <PairingPanel pairing={pairing} qrLabel={t('pairing.qr')}>
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          onClick={() => latch.modal.send({ type: 'PUSH', route: route('AllWallets') })}
        >
          {t('view.ConnectingWalletConnectBasic.allWallets')}
        </button>
      </PairingPanel>
    </div>
  )
}
