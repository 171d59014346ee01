import { assign, setup } from 'xstate'
import type { ErrorCode } from '../errors/catalogue.js'
import type { ErrorValues } from '../errors/latch-error.js'

/** SPEC §9: an open toast is closed and the new one is shown 150 ms later. */
export const TOAST_REPLACE_DELAY_MS = 150
/** How long a toast stays before it dismisses itself (loading toasts stay until replaced). */
export const TOAST_DURATION_MS = 2_500

/** SPEC §3 "Toast": variant success, loading, error or info. */
export type ToastVariant = 'success' | 'loading' | 'error' | 'info'

export interface Toast {
  /** The English text; views show the translation of `code` when there is one. */
  message: string
  /** A catalogue code, so the text can be translated. */
  code?: ErrorCode
  /** The code's placeholder values (`{status}`…), for the translated text. */
  values?: ErrorValues
  variant: ToastVariant
}

export interface ToastContext {
  toast?: Toast
  /** The toast waiting for the replacement delay. */
  next?: Toast
}

export type ToastEvent = { type: 'SHOW'; toast: Toast } | { type: 'HIDE' }

export const toastMachine = setup({
  types: { context: {} as ToastContext, events: {} as ToastEvent },
  delays: { REPLACE_DELAY: TOAST_REPLACE_DELAY_MS, DURATION: TOAST_DURATION_MS },
  guards: {
    staysUntilReplaced: ({ context }) => context.toast?.variant === 'loading',
  },
  actions: {
    showEventToast: assign(({ event }) => (event.type === 'SHOW' ? { toast: event.toast } : {})),
    queueEventToast: assign(({ event }) =>
      event.type === 'SHOW' ? { next: event.toast, toast: undefined } : {},
    ),
    showQueued: assign(({ context }) => ({ toast: context.next, next: undefined })),
    clear: assign({ toast: undefined, next: undefined }),
  },
}).createMachine({
  id: 'toast',
  context: {},
  initial: 'hidden',
  states: {
    hidden: {
      entry: 'clear',
      on: { SHOW: { target: 'visible', actions: 'showEventToast' } },
    },
    visible: {
      initial: 'timing',
      states: {
        timing: {
          always: { guard: 'staysUntilReplaced', target: 'pinned' },
          after: { DURATION: '#toast.hidden' },
        },
        pinned: {},
      },
      on: {
        SHOW: { target: 'replacing', actions: 'queueEventToast' },
        HIDE: 'hidden',
      },
    },
    /** The old toast is gone; the new one waits out the replacement delay. */
    replacing: {
      after: { REPLACE_DELAY: { target: 'visible', actions: 'showQueued' } },
      on: {
        SHOW: { actions: 'queueEventToast' },
        HIDE: 'hidden',
      },
    },
  },
})
