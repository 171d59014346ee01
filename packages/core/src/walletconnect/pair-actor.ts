import { fromCallback } from 'xstate'
import { toLatchError } from '../errors/rpc-error.js'
import type { WalletConnectLink } from './link.js'
import type { WalletConnectEvent } from './walletconnect.machine.js'

/**
 * The pairing machine's proposal actor, on the instance's WalletConnect client: reports each URI
 * and the wallet's answer. Stopping it (the view closed, or a fresh URI is due) aborts the
 * proposal, and a late answer to an abandoned proposal is ignored.
 */
export function pairWalletActor(link: WalletConnectLink, now: () => number = Date.now) {
  return fromCallback<WalletConnectEvent>(({ sendBack }) => {
    const abort = new AbortController()
    const live = () => !abort.signal.aborted
    link
      .client()
      .then((client) => {
        if (live()) sendBack({ type: 'PROPOSING' })
        return client.pair({
          signal: abort.signal,
          onUri: (uri) => {
            if (live()) sendBack({ type: 'URI_READY', uri, createdAt: now() })
          },
        })
      })
      .then(
        (session) => {
          if (live()) sendBack({ type: 'APPROVED', session })
        },
        (error: unknown) => {
          if (live()) sendBack({ type: 'FAILED', error: toLatchError(error) })
        },
      )
    return () => abort.abort()
  })
}
