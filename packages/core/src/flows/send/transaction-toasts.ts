import { messageFor, type ErrorCode } from '../../errors/catalogue.js'
import type { ErrorValues, LatchError } from '../../errors/latch-error.js'
import type { Toast, ToastVariant } from '../../machines/toast.machine.js'
import type { FollowResult } from './follow-transaction.js'

function toast(variant: ToastVariant, code: ErrorCode, values?: ErrorValues): Toast {
  return { variant, code, message: messageFor(code, values), ...(values ? { values } : {}) }
}

/** The toast while a transaction is followed: a loading one, which stays until replaced. */
export function pendingTransactionToast(): Toast {
  return toast('loading', 'TRANSACTION_PENDING')
}

/**
 * The toast for how a followed transaction ended (SPEC §4): confirmed (success), replaced with
 * its reason (info: 'Transaction repriced', 'cancelled', 'replaced'), reverted with its reason or
 * 'unknown reason' (error), not confirmed in time (info: it may still be mined), or unreadable
 * (the read's error). The toast machine applies the 150 ms replacement (SPEC §9).
 */
export function transactionOutcomeToast(result: FollowResult): Toast {
  switch (result.status) {
    case 'confirmed':
      return toast('success', 'TRANSACTION_CONFIRMED')
    case 'replaced':
      return toast('info', 'TRANSACTION_REPLACED', { reason: result.reason })
    case 'reverted':
      return toast('error', 'TRANSACTION_FAILED', {
        reason: result.reason || messageFor('TRANSACTION_REVERTED_UNKNOWN'),
      })
    case 'timedOut':
      return toast('info', 'TRANSACTION_TIMED_OUT')
    case 'unreadable':
      return sendFailedToast(result.error)
  }
}

/** The toast for a send that did not happen (a broken rule, or the wallet's refusal). */
export function sendFailedToast(error: LatchError): Toast {
  return { variant: 'error', code: error.code, message: error.message, values: error.values }
}
