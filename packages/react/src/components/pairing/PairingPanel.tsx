import type { ReactNode } from 'react'
import { useT } from '../../hooks/useLatch.js'
import { CopyLinkButton } from './CopyLinkButton.js'
import type { PairingState } from '@latch/core'
import { PairingStatus } from './PairingStatus.js'
import { QrCode } from './QrCode.js'

export interface PairingPanelProps {
  pairing: PairingState & { retry(): void }
  /** The QR code's accessible name. */
  qrLabel: string
  /** What the view adds below (deep links, a way to all wallets). */
  children?: ReactNode
}

/**
 * What both pairing views share: the QR code of the pairing URI (a busy placeholder until it
 * comes), the status line, Copy link, and Try again once pairing was declined or failed.
 */
export function PairingPanel({ pairing, qrLabel, children }: PairingPanelProps) {
  const t = useT()
  const stopped = pairing.phase === 'rejected' || pairing.phase === 'failed'
  return (
    <>
      {stopped ? null : <QrCode value={pairing.uri} label={qrLabel} />}
      <PairingStatus pairing={pairing} />
      {stopped ? (
        <button type="button" className="latch-button" onClick={pairing.retry}>
          {t('pairing.retry')}
        </button>
      ) : (
        <CopyLinkButton uri={pairing.uri} />
      )}
      {children}
    </>
  )
}
