import type { CustodyError as CustodyErrorBody, CustodyErrorCode } from '@latch/core/api'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpError } from '../http/errors.js'

/** A custody call's refusal: the error body plus a code the frame acts on (core's schema). */
export class CustodyError extends HttpError {
  constructor(
    status: ContentfulStatusCode,
    readonly code: CustodyErrorCode,
    message: string,
  ) {
    super(status, message)
    this.name = 'CustodyError'
  }

  override body(): CustodyErrorBody {
    return { ...super.body(), code: this.code }
  }
}

export const walletExists = () =>
  new CustodyError(409, 'WALLET_EXISTS', 'This account already has a wallet')

export const noWallet = () => new CustodyError(404, 'NO_WALLET', 'This account has no wallet yet')

export const invalidSignature = () =>
  new CustodyError(400, 'INVALID_SIGNATURE', 'The signature does not come from this address')

export const recoveryNeedsLogin = () =>
  new CustodyError(
    403,
    'RECOVERY_NEEDS_LOGIN',
    'Recovering the wallet needs a fresh login on this device',
  )

/** A device no second factor approved: `mailed` when a link went to the account's address. */
export const deviceNotApproved = (mailed: boolean) =>
  new CustodyError(
    403,
    'DEVICE_NOT_APPROVED',
    mailed
      ? 'This device is not approved yet: open the link sent to your email to approve it, then try again'
      : 'This device is not approved yet: approve it from a device where you already use this wallet, then try again',
  )

export const noPendingDevice = () =>
  new CustodyError(
    404,
    'NO_PENDING_DEVICE',
    'No device of this account waits for approval with this key',
  )

export const custodyUnavailable = (why: string) =>
  new CustodyError(503, 'CUSTODY_UNAVAILABLE', `Wallet custody is unavailable: ${why}`)
