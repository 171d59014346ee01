import { isLatchError, LatchError } from '../../errors/latch-error.js'
import { toLatchError } from '../../errors/rpc-error.js'
import type { CaipNetworkId } from '../../identifiers/types.js'
import {
  embeddedWalletInfoOf,
  selectCurrentConnection,
  selectStatus,
  type ConnectionSnapshot,
} from '../../machines/connection.selectors.js'

/** Who signs in: an address on a chain (SPEC §4: a session is per active address and chain). */
export interface SignInAccount {
  chainId: CaipNetworkId
  address: string
  /** The embedded wallet's smart account: a failure then reads SPEC §8's smart-account text. */
  isSmartAccount: boolean
}

/** One account, whatever the case of an EVM address (EVM addresses are case-blind). */
export function sameAccount(
  a: { chainId: string; address: string },
  b: { chainId: string; address: string },
): boolean {
  if (a.chainId !== b.chainId) return false
  return a.chainId.startsWith('eip155:')
    ? a.address.toLowerCase() === b.address.toLowerCase()
    : a.address === b.address
}

/**
 * SPEC §8 on a sign-in that failed at the wallet or at the verifier: 'Signature declined', or
 * 'This application might not support Smart Accounts' for a smart account. A failure to reach
 * the backend at all is said as what it is (the server's own error).
 */
export function signInFailure(
  error: unknown,
  step: 'message' | 'signature' | 'verification',
  account: Pick<SignInAccount, 'isSmartAccount'>,
): LatchError {
  const declined = new LatchError(
    account.isSmartAccount ? 'SMART_ACCOUNT_NOT_SUPPORTED' : 'SIGNATURE_DECLINED',
    { cause: error },
  )
  // The wallet refused or failed: whatever it said, the visitor sees the SPEC's text.
  if (step === 'signature') return declined
  if (step === 'verification') {
    // A refusal (the server's 4xx, a host's verifier throwing) is a declined signature; the
    // server unreachable or failing is not the visitor's doing, and is said as what it is.
    const unreachable =
      isLatchError(error) &&
      (error.code === 'UNKNOWN_ERROR' ||
        error.code === 'SOMETHING_WENT_WRONG' ||
        (error.code === 'HTTP_STATUS' && Number(error.values.status) >= 500))
    return unreachable ? error : declined
  }
  return toLatchError(error)
}

/** The account that signs in now: the current connection's first address on its chain. */
export function signInAccountOf(snapshot: ConnectionSnapshot): SignInAccount | undefined {
  if (selectStatus(snapshot) !== 'connected') return undefined
  const connection = selectCurrentConnection(snapshot)
  const address = connection?.accounts[0]?.address
  if (!connection || !address) return undefined
  return {
    chainId: `${connection.namespace}:${connection.chainReference}`,
    address,
    isSmartAccount: connection.embeddedWallet
      ? embeddedWalletInfoOf(connection.embeddedWallet).accountType === 'smartAccount'
      : false,
  }
}
