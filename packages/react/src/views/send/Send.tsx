import { Spinner } from '../../components/ui/Spinner.js'
import { useT } from '../../hooks/useLatch.js'
import { useSendActor } from '../../hooks/useLatchSend.js'
import type { ViewProps } from '../view-props.js'
import { SendForm } from './SendForm.js'

/**
 * SPEC §3 Send state, §4 Sending: choose a token, an amount and a receiver (an address or a
 * name), see the estimated fee, and send. Showing this view is what starts core's send flow
 * (estimates, name lookups); after a send core decides what follows: a native EVM send resets the
 * form here, an ERC-20, Solana or Bitcoin send replaces this view with Account.
 */
export function Send(_: ViewProps<'Send'>) {
  const t = useT()
  const actor = useSendActor()
  // The machine exists once the instance runs, which a connection (this view's condition) implies.
  if (!actor) return <Spinner label={t('modal.loading')} />
  return <SendForm actor={actor} />
}
