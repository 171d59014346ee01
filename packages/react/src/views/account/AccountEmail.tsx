import { useId } from 'react'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { useLatchAccount } from '../../hooks/useLatchAccount.js'

/**
 * An email login's address (SPEC §3 embeddedWalletInfo), and "Edit email": it pushes
 * UpdateEmailWallet, whose field starts core's email update (SPEC §4). Nothing for any other
 * wallet, a social login included (its address is the provider's, not one to move).
 */
export function AccountEmail() {
  const latch = useLatch()
  const t = useT()
  const id = useId()
  const { embeddedWalletInfo } = useLatchAccount()
  const email =
    embeddedWalletInfo?.authProvider === 'email' ? embeddedWalletInfo.user?.email : undefined
  if (!email) return null
  return (
    <p style={{ margin: 0, display: 'flex', alignItems: 'center', gap: 8 }}>
      <span id={`${id}-email`} className="latch-muted">
        {email}
      </span>
      <button
        type="button"
        className="latch-button"
        data-variant="secondary"
        // The visible name, then the address it would change (WCAG 2.5.3: speech matches sight).
        aria-describedby={`${id}-email`}
        onClick={() => latch.modal.send({ type: 'PUSH', route: { view: 'UpdateEmailWallet' } })}
      >
        {t('view.Account.editEmail')}
      </button>
    </p>
  )
}
