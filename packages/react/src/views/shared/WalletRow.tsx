import {
  choosePairingEvents,
  chooseWalletEvents,
  walletIconUrl,
  type ConnectTarget,
  type WalletItem,
} from '@latch/core'
import { useCallback } from 'react'
import { LinkButton } from '../../components/ui/LinkButton.js'
import { useLatch, useT } from '../../hooks/useLatch.js'

export interface WalletButtonProps {
  item: WalletItem
  /** Lazy-load the icon (long lists); the Connect view's few rows load theirs at once. */
  lazy?: boolean
  /** For a wallet that is not installed: whether its links are shown, and where. */
  expanded?: boolean
  controls?: string
  onClick(): void
}

/**
 * One wallet as a button: its icon (decorative: the name is the text), its name as text, and a
 * tag. Wallet-supplied names only ever reach text nodes; the icon goes through core's image rule
 * (walletIconUrl) here too, whoever built the item.
 */
export function WalletButton({ item, lazy, expanded, controls, onClick }: WalletButtonProps) {
  const t = useT()
  // Rows that connect or pair open a view; only the others toggle their links in place.
  const toggles = !item.connect && !item.pair
  return (
    <button
      type="button"
      className="latch-list-item"
      onClick={onClick}
      aria-expanded={toggles ? Boolean(expanded) : undefined}
      aria-controls={toggles && expanded ? controls : undefined}
    >
      <img
        src={walletIconUrl(item)}
        alt=""
        width={32}
        height={32}
        loading={lazy ? 'lazy' : undefined}
      />
      <span>{item.name}</span>
      {/* The space keeps the name and tag apart in the accessible name ("MetaMask Installed"). */}
      {item.tag ? (
        <>
          {' '}
          <span className="latch-tag">{t(`view.Connect.tag.${item.tag}` as const)}</span>
        </>
      ) : null}
    </button>
  )
}

/**
 * Where to get a wallet that is not installed: its directory links as real links. https pages
 * open in a new tab; deep links (`wallet://`) open the wallet's app. Core vetted every href.
 */
export function WalletLinks({ item, id }: { item: WalletItem; id?: string }) {
  const t = useT()
  return (
    <div id={id}>
      <p className="latch-muted">{t('view.Connect.notInstalled', { wallet: item.name })}</p>
      <ul className="latch-list">
        {item.links.map((link) => (
          <li key={link.kind}>
            <LinkButton href={link.href}>{t(`view.Connect.link.${link.kind}` as const)}</LinkButton>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Shows the waiting view for an installed wallet; core asks the wallet (chooseWalletEvents). */
export function useChooseWallet(): (target: ConnectTarget) => void {
  const latch = useLatch()
  return useCallback(
    (target: ConnectTarget) => latch.modal.send(chooseWalletEvents(target).modal),
    [latch],
  )
}

/** Pairs over WalletConnect: the QR view, for the chosen wallet (core's choosePairingEvents). */
export function useChoosePairing(): (pair: NonNullable<WalletItem['pair']>) => void {
  const latch = useLatch()
  return useCallback(
    (pair: NonNullable<WalletItem['pair']>) => latch.modal.send(choosePairingEvents(pair).modal),
    [latch],
  )
}
