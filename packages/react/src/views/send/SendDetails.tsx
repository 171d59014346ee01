import { safeImageUrl, type FeeDisplay } from '@latch/core'
import { shortAddress } from '../../components/format.js'
import { useT } from '../../hooks/useLatch.js'
import type { SendView } from '../../hooks/useLatchSend.js'
import { usdAmount } from '../shared/usd.js'

/**
 * The name a receiver was given as, once core resolved it: its avatar and name, and the address
 * it stands for. Both come from a name service anyone can write to, so the avatar is shown only
 * as an <img> that core's image rule keeps, and the name only as text.
 */
export function ResolvedReceiver({ receiver }: { receiver: NonNullable<SendView['receiver']> }) {
  const t = useT()
  const avatar = safeImageUrl(receiver.imageUrl)
  return (
    <p style={{ display: 'flex', alignItems: 'center', gap: 8, margin: 0 }}>
      {avatar ? <img className="latch-avatar" src={avatar} alt="" /> : null}
      <span style={{ fontWeight: 600 }}>{receiver.name}</span>
      <span className="latch-muted">
        {t('view.Send.resolvedAddress', { address: shortAddress(receiver.address) })}
      </span>
    </p>
  )
}

/** The estimated network fee, in the native token and in USD where the token has a price. */
export function FeeLine({
  fee,
  estimating,
}: {
  fee?: FeeDisplay | undefined
  estimating: boolean
}) {
  const t = useT()
  if (estimating) return <span className="latch-muted">{t('view.Send.estimating')}</span>
  if (!fee) return null
  return (
    <span>
      <span className="latch-muted">{t('view.Send.fee')}</span>{' '}
      <span>{t('view.Send.feeAmount', { amount: fee.amount, symbol: fee.symbol })}</span>
      {fee.usd !== undefined ? (
        <>
          {' '}
          <span className="latch-muted">{t('view.Send.feeUsd', { usd: usdAmount(fee.usd) })}</span>
        </>
      ) : null}
    </span>
  )
}
